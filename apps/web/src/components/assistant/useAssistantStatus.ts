/** Whether the built-in assistant is on and reachable (asked once a minute at most). */

import { assistantStatus } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

export const useAssistantStatus = () =>
  useQuery({
    queryKey: ['assistant-status'],
    queryFn: () => call(assistantStatus, {}, { silent: true }),
    staleTime: 60_000,
    retry: false,
  });
