/**
 * Whether the built-in assistant is on and reachable (asked once a minute at most). Never asked on
 * a candidate's pages: the assistant is the organisation's learners' (a candidate's session is
 * not let through to it), so it stays off there.
 */

import { assistantStatus } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { useRoomExits } from '../../hooks/room-exits';

export const useAssistantStatus = () => {
  const { candidate } = useRoomExits();
  return useQuery({
    queryKey: ['assistant-status'],
    enabled: !candidate,
    queryFn: () => call(assistantStatus, {}, { silent: true }),
    staleTime: 60_000,
    retry: false,
  });
};
