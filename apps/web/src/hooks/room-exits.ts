/**
 * Where the exam room and the result page lead: a learner's exam list and result page, or, for a
 * candidate (who sits through an exam's link and has no learner pages), its own pages. The
 * candidate's route provides its exits; the learner's are the default.
 */
import { createContext, useContext } from 'react';

export interface RoomExits {
  /** The candidate's session: no exam list, records, wrong-answer book or favourites. */
  candidate: boolean;
  home: string;
  result(paperId: string): string;
}

export const LEARNER_EXITS: RoomExits = {
  candidate: false,
  home: '/web/index',
  result: (paperId) => `/web/exam/result/${paperId}`,
};

export const RoomExitsContext = createContext<RoomExits>(LEARNER_EXITS);

export const useRoomExits = (): RoomExits => useContext(RoomExitsContext);
