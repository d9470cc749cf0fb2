/**
 * The console's data: the snapshot read once through the API, then kept fresh by the server-sent
 * events of /api/exam/invigilate/live (EventSource sends the `token` cookie; it reconnects by
 * itself). `notes` are the latest things that happened (hand-ins, actions), newest first.
 */
import { examInvigilateDetail, INVIGILATE_LIVE_PATH, type TInvigilateSnapshot } from '@exam/contracts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../../api/call';

export interface LiveNote {
  kind: string;
  text: string;
  at: string;
}

export type LiveState = 'connecting' | 'live' | 'lost';

export function useInvigilateLive(examId: string) {
  const [snap, setSnap] = useState<TInvigilateSnapshot | null>(null);
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [notes, setNotes] = useState<LiveNote[]>([]);

  const take = useCallback((s: TInvigilateSnapshot) => {
    setSnap(s);
    setReceivedAt(Date.now());
    setError(null);
  }, []);

  /** Reads the snapshot now (after an action, or the 刷新 button). */
  const refresh = useCallback(
    () =>
      call(examInvigilateDetail, { examId })
        .then(take)
        .catch((e: Error) => setError(e.message || '加载失败')),
    [examId, take],
  );

  useEffect(() => {
    void refresh();
    const source = new EventSource(`${INVIGILATE_LIVE_PATH}?examId=${encodeURIComponent(examId)}`);
    source.addEventListener('open', () => setLive('live'));
    source.addEventListener('error', () => setLive('lost'));
    source.addEventListener('snapshot', (e) => {
      setLive('live');
      take(JSON.parse((e as MessageEvent<string>).data) as TInvigilateSnapshot);
    });
    source.addEventListener('note', (e) => {
      const note = JSON.parse((e as MessageEvent<string>).data) as LiveNote;
      setNotes((old) => [note, ...old].slice(0, 30));
    });
    return () => source.close();
  }, [examId, refresh, take]);

  return { snap, receivedAt, error, live, notes, refresh };
}
