/**
 * The mock exam's answers go through the same journal as real exams (utils/answer-journal):
 * journalled at once, sent after a debounce with their sequence, re-sent with back-off and after a
 * reload, so an answer given offline is never dropped; a refusal for good is shown, never taken as
 * saved; a save refused as not newer (conflict) shows the server's answer, as in the exam room.
 */
import { ErrorCode } from '@exam/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../api/http-errors';
import { trainApi } from '../../../../api/train';
import { AnswerJournal, type FailureKind } from '../../../../utils/answer-journal/answer-journal';
import { type MockAnswer, mockSender, mockValue } from './mock-send';

export type { MockAnswer };

/** Network and transient failures are retried; a finished session stops; other refusals fail the answer. */
export function classifyMockError(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.code === undefined) return 'retry';
  if (error.code === ErrorCode.CONFLICT) return 'closed'; // finished, or its time is up
  const transient: number[] = [ErrorCode.NOT_LOGIN, ErrorCode.SERVER_ERROR, ErrorCode.TOO_MANY_REQUESTS];
  return transient.includes(error.code) ? 'retry' : 'drop';
}

export const mockJournalKey = (trainId: string) => `mock-journal:${trainId}`;

export function useMockJournal(
  trainId: string | undefined,
  enabled: boolean,
  on: { saved: () => void; closed: (reason: string) => void; conflict: (quId: string) => void },
) {
  const { message } = App.useApp();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [failedIds, setFailedIds] = useState<ReadonlySet<string>>(new Set());
  const journalRef = useRef<AnswerJournal | null>(null);
  const onRef = useRef(on);
  onRef.current = on;
  const messageRef = useRef(message);
  messageRef.current = message;

  useEffect(() => {
    if (!trainId || !enabled) return;
    const journal = new AnswerJournal(trainId, {
      storageKey: mockJournalKey(trainId),
      send: mockSender(trainId, (body) => trainApi.fill(body, { silent: true })),
      classify: classifyMockError,
      onPending: () => setPendingIds(new Set(journal.pendingEntries().map((e) => e.quId))),
      onClosed: (err) => onRef.current.closed((err as Error).message || '模拟考试已结束'),
      onResult: (e, outcome) => {
        setFailedIds((s) => {
          const next = new Set(s);
          if (outcome.kind === 'failed') next.add(e.quId);
          else next.delete(e.quId);
          return next;
        });
        if (outcome.kind === 'failed') messageRef.current.error(`答案未能保存：${(outcome.error as Error).message}`);
        if (outcome.kind === 'conflict') onRef.current.conflict(e.quId);
        onRef.current.saved();
      },
    });
    journalRef.current = journal;
    journal.start();
    const onUnload = (ev: BeforeUnloadEvent) => {
      if (journal.pendingCount() > 0) {
        void journal.flush();
        ev.preventDefault();
        ev.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      if (journal.pendingCount() > 0) void journal.flush().finally(() => journal.dispose());
      else journal.dispose();
      journalRef.current = null;
    };
  }, [trainId, enabled]);

  const record = useCallback((quId: string, value: MockAnswer) => {
    journalRef.current?.record(quId, mockValue(value.answer, value.childAnswers));
    setFailedIds((s) => {
      if (!s.has(quId)) return s;
      const next = new Set(s);
      next.delete(quId);
      return next;
    });
  }, []);
  const pendingOf = useCallback(
    (quId: string): MockAnswer | undefined =>
      journalRef.current?.pendingEntries().find((e) => e.quId === quId)?.answer as MockAnswer | undefined,
    [],
  );
  const flush = useCallback(async (): Promise<number> => {
    await journalRef.current?.flush();
    return journalRef.current?.pendingCount() ?? 0;
  }, []);
  const clear = useCallback(() => journalRef.current?.clear(), []);
  const seedSeq = useCallback((serverSeq: number) => journalRef.current?.seedSeq(serverSeq), []);

  return {
    pendingIds,
    failedIds,
    /** Journals an answer (sent shortly); nothing to wait for. */
    record,
    /** The unsent answer of a question, to show instead of the server's. */
    pendingOf,
    /** Sends what is unsent now; answers how many answers are still not saved. */
    flush,
    clear,
    /** Numbers the next answers above the highest sequence the server holds (session detail). */
    seedSeq,
  };
}
