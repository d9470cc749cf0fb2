/**
 * State of the exam room: the paper from the server, the answers (server's, overlaid with the
 * journal's newer ones), the journal that saves them, and the countdown on the server's clock.
 */
import { ErrorCode, type TPaperDetail, type TPaperQuView } from '@exam/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { paperApi } from '../../../../api/exam';
import { ApiError } from '../../../../api/http-errors';
import type { AnswerValue } from '../../../../components/answer';
import { AnswerJournal, type FailureKind } from './answer-journal';
import { clockOffset, remainingMs } from './countdown';

export interface AnswerState {
  answer: AnswerValue;
  flagged: boolean;
}

export interface RoomQuestion extends TPaperQuView {
  /** Number on the answer card (1-based, top-level questions only). */
  no: number;
  children: TPaperQuView[];
}

/** Network failures are retried; a closed paper stops the journal; other refusals drop the answer. */
export function classifySaveError(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.code === undefined) return 'retry';
  if (error.code === ErrorCode.PAPER_CLOSED || error.code === ErrorCode.EXAM_TIME_OVER) return 'closed';
  const transient: number[] = [ErrorCode.NOT_LOGIN, ErrorCode.SERVER_ERROR, ErrorCode.TOO_MANY_REQUESTS];
  if (transient.includes(error.code)) return 'retry';
  return 'drop';
}

const isAnswered = (a: AnswerValue | undefined): boolean => {
  if (a === null || a === undefined) return false;
  if (typeof a === 'string') return a.trim() !== '';
  if (Array.isArray(a)) return a.some((s) => s.trim() !== '');
  return Object.keys(a).length > 0;
};

export function useExamRoom(paperId: string, onClosed: (reason: string) => void) {
  const [paper, setPaper] = useState<TPaperDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, AnswerState>>({});
  const [pending, setPending] = useState(0);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const journalRef = useRef<AnswerJournal | null>(null);
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;

  useEffect(() => {
    let cancelled = false;
    const journal = new AnswerJournal(paperId, {
      send: (e) =>
        paperApi.fillAnswer({ paperId, quId: e.quId, answer: e.answer as never, flagged: e.flagged, seq: e.seq }),
      classify: classifySaveError,
      onPending: setPending,
      onClosed: (err) => closedRef.current((err as Error).message || '考试已结束'),
    });
    journalRef.current = journal;
    const sentAt = Date.now();
    paperApi
      .detail(paperId)
      .then((d) => {
        if (cancelled) return;
        setOffset(clockOffset(d.serverTime, sentAt, Date.now()));
        const state: Record<string, AnswerState> = {};
        let maxSeq = 0;
        for (const q of d.questions) {
          state[q.quId] = { answer: (q.myAnswer ?? null) as AnswerValue, flagged: q.flagged };
          maxSeq = Math.max(maxSeq, q.seq);
        }
        journal.seedSeq(maxSeq);
        for (const e of journal.pendingEntries()) {
          const q = d.questions.find((x) => x.quId === e.quId);
          if (q && e.seq > q.seq)
            state[e.quId] = { answer: e.answer as AnswerValue, flagged: e.flagged ?? state[e.quId]?.flagged ?? false };
        }
        setAnswers(state);
        setPaper(d);
        if (d.state === 0) journal.start();
        else journal.clear();
      })
      .catch((err: Error) => !cancelled && setError(err.message || '试卷加载失败'));
    return () => {
      cancelled = true;
      // Leaving the room inside the app: one last attempt to send what is unsent (the journal keeps the rest).
      if (journal.pendingCount() > 0) void journal.flush().finally(() => journal.dispose());
      else journal.dispose();
    };
  }, [paperId]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const questions = useMemo<RoomQuestion[]>(() => {
    if (!paper) return [];
    const tops = paper.questions.filter((q) => !q.parentQuId).sort((a, b) => a.sort - b.sort);
    return tops.map((q, i) => ({
      ...q,
      no: i + 1,
      children: paper.questions.filter((c) => c.parentQuId === q.quId).sort((a, b) => a.sort - b.sort),
    }));
  }, [paper]);

  const answered = useCallback(
    (q: RoomQuestion): boolean =>
      q.type === 99 && q.children.length
        ? q.children.every((c) => isAnswered(answers[c.quId]?.answer))
        : isAnswered(answers[q.quId]?.answer),
    [answers],
  );

  const answersRef = useRef(answers);
  answersRef.current = answers;
  const change = useCallback((quId: string, patch: Partial<AnswerState>) => {
    const cur = answersRef.current[quId] ?? { answer: null, flagged: false };
    const next = { ...cur, ...patch };
    answersRef.current = { ...answersRef.current, [quId]: next };
    journalRef.current?.record(quId, next.answer, next.flagged);
    setAnswers(answersRef.current);
  }, []);

  const remaining = paper ? remainingMs(paper.deadline, offset, now) : 0;
  const serverNow = now + offset;
  const unanswered = questions.filter((q) => !answered(q)).length;

  return {
    paper,
    error,
    questions,
    answers,
    pending,
    remaining,
    serverNow,
    unanswered,
    answered,
    change,
    journal: journalRef,
  };
}
