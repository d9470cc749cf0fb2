/**
 * The candidate's pages (/candidate/<token>/…): outside the learner and admin layouts and their
 * route guard, since a candidate is no organisation user (no menus, no user info). The exam room
 * and the result page are the learners' own, told where to lead by the room exits.
 */

import { CANDIDATE_TOKEN_PREFIX } from '@exam/contracts';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { type RoomExits, RoomExitsContext } from '../../hooks/room-exits';
import { FullPageLoading } from '../../router/RouteGuard';
import { getToken } from '../../utils/auth';
import './candidate.css';

const Landing = lazy(() => import('./CandidateLanding'));
const Room = lazy(() => import('../web/exam/start/index'));
const Result = lazy(() => import('./CandidateResult'));

export default function CandidateApp() {
  const { token = '' } = useParams();
  const exits = useMemo<RoomExits>(
    () => ({
      candidate: true,
      home: `/candidate/${token}`,
      result: (paperId) => `/candidate/${token}/result/${paperId}`,
    }),
    [token],
  );
  // The room and the result need the candidate's session; without it (ended, left) the landing.
  const session = getToken()?.startsWith(CANDIDATE_TOKEN_PREFIX);
  const needSession = (page: ReactNode) => (session ? page : <Navigate to={exits.home} replace />);
  return (
    <RoomExitsContext.Provider value={exits}>
      <Suspense fallback={<FullPageLoading />}>
        <Routes>
          <Route index element={<Landing token={token} />} />
          <Route
            path="room/:id"
            element={needSession(
              <div className="fullscreen-page">
                <Room />
              </div>,
            )}
          />
          <Route path="result/:id" element={needSession(<Result token={token} />)} />
        </Routes>
      </Suspense>
    </RoomExitsContext.Provider>
  );
}
