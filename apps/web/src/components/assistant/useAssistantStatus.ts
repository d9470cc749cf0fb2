/** Whether the built-in assistant is on and reachable (asked once a minute at most). */
import { useQuery } from '@tanstack/react-query';
import { assistantApi } from '../../api/assistant';

export const useAssistantStatus = () =>
  useQuery({ queryKey: ['assistant-status'], queryFn: assistantApi.status, staleTime: 60_000, retry: false });
