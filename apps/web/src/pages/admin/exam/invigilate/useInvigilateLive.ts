/**
 * The console's data: the snapshot read through the API when the page opens, every 2.5 s while
 * it is shown, and at once when the exam's realtime topic (`exam:<id>:invigilate`, hooks/useRealtime)
 * says something happened (a hand-in, an action) or the stream (re)connects. `notes` are the latest
 * things that happened, newest first. `proctor` is the remote proctoring's summary (risk, flags, the
 * learners waiting at the door), read beside the snapshot on every refresh; null when the exam is not
 * proctored or the summary could not be read (the console then works as without proctoring).
 */
import {
  type DataOut,
  examInvigilateDetail,
  examProctorRows,
  invigilateTopic,
  type TInvigilateNote,
  type TInvigilateSnapshot,
} from '@exam/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../../../api/call';
import type { RealtimeState } from '../../../../api/realtime';
import { useRealtime } from '../../../../hooks/useRealtime';

export type ProctorRows = DataOut<typeof examProctorRows>;

export type LiveNote = Pick<TInvigilateNote, 'kind' | 'text' | 'at' | 'userId'>;

/** connecting, live, lost (reconnecting); a refused topic shows as lost. */
export type LiveState = 'connecting' | 'live' | 'lost';

/** How often the snapshot is read while the console is shown. */
export const SNAPSHOT_PERIOD_MS = 2500;

const liveOf = (s: RealtimeState): LiveState => (s === 'refused' ? 'lost' : s);

export function useInvigilateLive(examId: string) {
  const [snap, setSnap] = useState<TInvigilateSnapshot | null>(null);
  const [proctor, setProctor] = useState<ProctorRows | null>(null);
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<LiveNote[]>([]);
  // One read at a time; a request while one runs reads once more after it.
  const reading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });

  const read = useCallback(
    async (silent: boolean) => {
      const r = reading.current;
      if (r.busy) {
        r.again = true;
        return;
      }
      r.busy = true;
      try {
        const [s, p] = await Promise.all([
          call(examInvigilateDetail, { examId }, { silent }),
          // Proctoring is an addition: its failure never hides the console.
          call(examProctorRows, { examId }, { silent: true }).catch(() => null),
        ]);
        setSnap(s);
        setProctor(p && p.mode > 0 ? p : null);
        setReceivedAt(Date.now());
        setError(null);
      } catch (e) {
        setError((e as Error).message || '加载失败');
      } finally {
        r.busy = false;
      }
      if (r.again) {
        r.again = false;
        void read(true);
      }
    },
    [examId],
  );

  /** Reads the snapshot now (after an action, or the 刷新 button). */
  const refresh = useCallback(() => read(false), [read]);
  const quietly = useCallback(() => void read(true), [read]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (!document.hidden) quietly();
    }, SNAPSHOT_PERIOD_MS);
    return () => clearInterval(timer);
  }, [refresh, quietly]);

  const topics = useMemo(() => [invigilateTopic(examId)], [examId]);
  const state = useRealtime(
    topics,
    (e) => {
      if (e.type !== 'note') return;
      const { kind, text, at, userId } = e.data as TInvigilateNote;
      setNotes((old) => [{ kind, text, at, userId }, ...old].slice(0, 30));
      quietly();
    },
    { onReady: quietly, onReset: quietly },
  );

  return { snap, proctor, receivedAt, error, live: liveOf(state), notes, refresh };
}
