/**
 * While a paper waits for marking, its result is fetched again when the learner's unread count
 * rises (the header polls it; marking by hand sends the "已完成阅卷" message), so the score appears
 * without a reload.
 */
import { useEffect, useRef } from 'react';
import { useUserStore } from '../../../../stores/user';

export function useRefetchWhenMarked(waiting: boolean, refetch: () => unknown): void {
  const unread = useUserStore((s) => s.unreadMsg);
  const seen = useRef(unread);
  useEffect(() => {
    if (waiting && unread > seen.current) void refetch();
    seen.current = unread;
  }, [waiting, unread, refetch]);
}
