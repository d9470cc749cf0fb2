/**
 * The exam room's side of 监考: a beat every BEAT_MS while the paper is open (presence and
 * address for the console), answering the paper's deadline (an invigilator may have extended it),
 * its state (a forced hand-in or void closes the room) and the invigilator's new messages, shown
 * once each in a dialog. Nothing of answers or keys comes with it.
 */
import { examInvigilateBeat, type TRoomMessage } from '@exam/contracts';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { call } from '../../../../api/call';

export const BEAT_MS = 10_000;

export interface InvigilationHandlers {
  /** The server's deadline, when it differs from the one the room counts down to. */
  onDeadline: (deadline: string) => void;
  /** The paper left state 0 without this room (forced hand-in, void, another window). */
  onClosed: () => void;
}

/** Messages not shown yet (by id), oldest first. */
export function unseen(messages: TRoomMessage[], shown: Set<string>): TRoomMessage[] {
  return messages.filter((m) => !shown.has(m.id));
}

/** Whole minutes the deadline moved later since the previous beat (0 at the first beat or when it did not). */
export function addedMinutes(previous: string | null, next: string): number {
  if (!previous) return 0;
  return Math.max(0, Math.round((Date.parse(next) - Date.parse(previous)) / 60_000));
}

export function useInvigilation(paperId: string | null, handlers: InvigilationHandlers) {
  const { modal, message } = App.useApp();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const shown = useRef(new Set<string>());
  const since = useRef<string | null>(null);
  const lastDeadline = useRef<string | null>(null);

  useEffect(() => {
    if (!paperId) return;
    let stopped = false;
    const beat = async () => {
      try {
        const r = await call(examInvigilateBeat, { paperId, since: since.current }, { silent: true });
        if (stopped) return;
        const added = addedMinutes(lastDeadline.current, r.deadline);
        lastDeadline.current = r.deadline;
        handlersRef.current.onDeadline(r.deadline);
        if (added > 0) message.info({ content: `监考老师已为您延长考试时间 ${added} 分钟`, duration: 8 });
        for (const m of unseen(r.messages, shown.current)) {
          shown.current.add(m.id);
          since.current = m.createdAt;
          modal.info({
            title: m.toAll ? '监考老师通知（全体考生）' : '监考老师消息',
            content: <span data-testid="invigilator-message">{m.content}</span>,
            okText: '知道了',
            className: 'invigilator-msg',
          });
        }
        if (r.state !== 0) handlersRef.current.onClosed();
      } catch {
        // A lost beat is retried at the next one; the answers have their own journal.
      }
    };
    void beat();
    const t = setInterval(() => void beat(), BEAT_MS);
    return () => {
      stopped = true;
      clearInterval(t);
    };
  }, [paperId, modal, message]);
}
