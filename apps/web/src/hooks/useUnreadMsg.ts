/** Refreshes the unread-message count once on load and every 20 s (SPEC 4, 9). */
import { useEffect } from 'react';
import { countUnreadMsg } from '../api/system';
import { useUserStore } from '../stores/user';

export const UNREAD_POLL_MS = 20_000;

export function useUnreadMsg(): number {
  const unread = useUserStore((s) => s.unreadMsg);
  const token = useUserStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const refresh = () =>
      countUnreadMsg()
        .then((count) => {
          if (typeof count === 'number') useUserStore.getState().setUnread(count);
        })
        .catch(() => undefined);
    refresh();
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [token]);
  return unread;
}
