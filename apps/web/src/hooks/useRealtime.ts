/**
 * Subscribes a component to realtime topics (utils/realtime.ts) while it is mounted; answers the
 * connection's state. The handlers may change on every render; the stream is reopened only when
 * the topics change.
 */
import { useEffect, useRef, useState } from 'react';
import { openRealtime, type RealtimeEvent, type RealtimeHandlers, type RealtimeState } from '../api/realtime';

export function useRealtime(
  topics: string[],
  onEvent: (event: RealtimeEvent) => void,
  handlers: Omit<RealtimeHandlers, 'onEvent' | 'onState'> = {},
): RealtimeState {
  const [state, setState] = useState<RealtimeState>('connecting');
  const latest = useRef({ onEvent, ...handlers });
  latest.current = { onEvent, ...handlers };
  const key = topics.join('\n');
  useEffect(() => {
    if (!key) return;
    return openRealtime(key.split('\n'), {
      onEvent: (e) => latest.current.onEvent(e),
      onReset: () => latest.current.onReset?.(),
      onReady: () => latest.current.onReady?.(),
      onState: setState,
    });
  }, [key]);
  return state;
}
