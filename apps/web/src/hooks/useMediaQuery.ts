/** Whether a CSS media query matches now, followed as the window changes. */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener('change', change);
      return () => mq?.removeEventListener('change', change);
    },
    () => Boolean(window.matchMedia?.(query).matches),
    () => false,
  );
}
