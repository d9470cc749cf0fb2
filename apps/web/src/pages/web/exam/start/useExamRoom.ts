/**
 * State of the exam room: the paper from the server, the answers (server's, overlaid with the
 * journal's newer ones), the journal that saves them, the save mark of every question, and the
 * countdown on the server's clock. One window answers a paper (it claims it on opening); when
 * another window takes it over, this one stops sending and `blocked` asks whether to take it back.
 */
import {
  ErrorCode,
  paperPaperClaim,
  paperPaperDetail,
  paperPaperFillAnswer,
  type TPaperDetail,
  type TPaperQuView,
} from '@exam/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../../../api/call';
import { ApiError } from '../../../../api/http-errors';
import type { AnswerValue } from '../../../../components/answer';
import { isComposite, kindOf } from '../../../../components/question/kinds/registry';
import { hasValue } from '../../../../components/question/kinds/shared';
import { AnswerJournal, type FailureKind, type SendOutcome } from '../../../../utils/answer-journal/answer-journal';
import type { ServerAnswer } from '../../../../utils/answer-journal/reconcile';
import { clockOffset, remainingMs } from './countdown';
import { applyOutcome, clearMark, type OutcomeMarks, type SaveMark, saveMark } from './save-marks';

export interface AnswerState {
  answer: AnswerValue;
  flagged: boolean;
}

export interface RoomQuestion extends TPaperQuView {
  /** Number on the answer card (1-based, top-level questions only). */
  no: number;
  children: TPaperQuView[];
}

/** Network failures are retried; a closed paper stops the journal; another window pauses it; other refusals fail the answer. */
export function classifySaveError(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.code === undefined) return 'retry';
  if (error.code === ErrorCode.PAPER_CLOSED || error.code === ErrorCode.EXAM_TIME_OVER) return 'closed';
  if (error.code === ErrorCode.PAPER_OTHER_WINDOW || error.code === ErrorCode.PAPER_WINDOW_REQUIRED) return 'paused';
  const transient: number[] = [ErrorCode.NOT_LOGIN, ErrorCode.SERVER_ERROR, ErrorCode.TOO_MANY_REQUESTS];
  if (transient.includes(error.code)) return 'retry';
  return 'drop';
}

/** This tab's window id for the paper: kept in sessionStorage, so a reload is the same window. */
export function windowIdFor(paperId: string, storage: Storage = window.sessionStorage): string {
  const key = `exam-window:${paperId}`;
  let id = storage.getItem(key);
  if (!id) {
    id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    storage.setItem(key, id);
  }
  return id;
}

/** The answer card asks the question's kind whether a value counts as answered. */
const answeredAs = (type: number, a: AnswerValue | undefined): boolean => kindOf(type)?.answered(a) ?? hasValue(a);

const toServer = (d: TPaperDetail): ServerAnswer[] =>
  d.questions.map((q) => ({ quId: q.quId, seq: q.seq, answer: q.myAnswer ?? null, flagged: q.flagged }));

export function useExamRoom(paperId: string, onClosed: (reason: string) => void) {
  const { message: msg } = App.useApp();
  // The message API in a ref: the journal lives as long as the paper id, not one render.
  const messageRef = useRef(msg);
  messageRef.current = msg;
  const [paper, setPaper] = useState<TPaperDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, AnswerState>>({});
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [marks, setMarks] = useState<OutcomeMarks>({});
  const [blocked, setBlocked] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const journalRef = useRef<AnswerJournal | null>(null);
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;
  const windowId = useMemo(() => windowIdFor(paperId), [paperId]);
  const numberOf = useRef<(quId: string) => string>(() => '');

  /** Claims the paper for this window, loads the server's answers and lays the journal over them. */
  const load = useCallback(
    async (journal: AnswerJournal, isCancelled: () => boolean) => {
      const { takenOver } = await call(paperPaperClaim, { paperId, windowId });
      const sentAt = Date.now();
      const d = await call(paperPaperDetail, { paperId });
      if (isCancelled()) return;
      setOffset(clockOffset(d.serverTime, sentAt, Date.now()));
      const state: Record<string, AnswerState> = {};
      for (const q of d.questions) state[q.quId] = { answer: (q.myAnswer ?? null) as AnswerValue, flagged: q.flagged };
      const r = journal.applyServer(toServer(d), takenOver);
      for (const e of r.keep)
        state[e.quId] = { answer: e.answer as AnswerValue, flagged: e.flagged ?? state[e.quId]?.flagged ?? false };
      let m: OutcomeMarks = {};
      for (const c of r.conflicts) m = applyOutcome(m, c.quId, { kind: 'conflict', answer: c.answer, flagged: null });
      setMarks((old) => ({ ...old, ...m }));
      setAnswers(state);
      setElsewhere((was) => was || takenOver);
      setPaper(d);
      if (r.conflicts.length)
        messageRef.current.warning(`${r.conflicts.length} 道题已在其他窗口修改，已显示服务器上保存的答案`);
      return d;
    },
    [paperId, windowId],
  );

  useEffect(() => {
    let cancelled = false;
    const journal = new AnswerJournal(paperId, {
      send: (e) =>
        call(
          paperPaperFillAnswer,
          {
            paperId,
            quId: e.quId,
            answer: e.answer as never,
            flagged: e.flagged,
            seq: e.seq,
            windowId,
          },
          { silent: true },
        ),
      classify: classifySaveError,
      onPending: () => setPendingIds(new Set(journal.pendingEntries().map((e) => e.quId))),
      onClosed: (err) => closedRef.current((err as Error).message || '考试已结束'),
      onPaused: () => setBlocked(true),
      onResult: (e, outcome: SendOutcome) => {
        setMarks((m) => applyOutcome(m, e.quId, outcome));
        if (outcome.kind === 'conflict') {
          const answer = outcome.answer as AnswerValue;
          const flagged = outcome.flagged ?? answersRef.current[e.quId]?.flagged ?? false;
          answersRef.current = { ...answersRef.current, [e.quId]: { answer, flagged } };
          setAnswers(answersRef.current);
          messageRef.current.warning(
            `第 ${numberOf.current(e.quId)} 题的答案已在其他窗口修改，已显示服务器上保存的答案`,
          );
        } else if (outcome.kind === 'failed')
          messageRef.current.error(
            `第 ${numberOf.current(e.quId)} 题的答案未能保存：${(outcome.error as Error).message}`,
          );
      },
    });
    journalRef.current = journal;
    load(journal, () => cancelled)
      .then((d) => {
        if (!d || cancelled) return;
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
  }, [paperId, windowId, load]);

  /** 继续在此作答: takes the paper back, reloads the server's answers first, then re-sends the journal. */
  const takeOver = useCallback(async () => {
    const journal = journalRef.current;
    if (!journal) return;
    const d = await load(journal, () => false);
    setBlocked(false);
    if (d?.state === 0) journal.resume();
  }, [load]);

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
  numberOf.current = (quId) => {
    const q = questions.find((x) => x.quId === quId || x.children.some((c) => c.quId === quId));
    return q ? String(q.no) : '?';
  };

  const answered = useCallback(
    (q: RoomQuestion): boolean =>
      isComposite(q.type) && q.children.length
        ? q.children.every((c) => answeredAs(c.type, answers[c.quId]?.answer))
        : answeredAs(q.type, answers[q.quId]?.answer),
    [answers],
  );
  const markOf = useCallback(
    (q: RoomQuestion): SaveMark =>
      saveMark(
        isComposite(q.type) && q.children.length ? q.children.map((c) => c.quId) : [q.quId],
        pendingIds,
        marks,
        blocked,
      ),
    [pendingIds, marks, blocked],
  );

  const change = useCallback((quId: string, patch: Partial<AnswerState>) => {
    const cur = answersRef.current[quId] ?? { answer: null, flagged: false };
    const next = { ...cur, ...patch };
    answersRef.current = { ...answersRef.current, [quId]: next };
    journalRef.current?.record(quId, next.answer, next.flagged);
    setMarks((m) => clearMark(m, quId));
    setAnswers(answersRef.current);
  }, []);

  /** An invigilator extended the deadline (the room's beat, useInvigilation): the countdown follows it. */
  const setDeadline = useCallback(
    (deadline: string) => setPaper((p) => (p && p.deadline !== deadline ? { ...p, deadline } : p)),
    [],
  );

  const remaining = paper ? remainingMs(paper.deadline, offset, now) : 0;
  const serverNow = now + offset;
  const unanswered = questions.filter((q) => !answered(q)).length;
  const failed = Object.values(marks).filter((m) => m === 'failed').length;

  return {
    paper,
    error,
    questions,
    answers,
    pending: pendingIds.size,
    failed,
    blocked,
    elsewhere,
    remaining,
    serverNow,
    unanswered,
    answered,
    markOf,
    change,
    takeOver,
    setDeadline,
    journal: journalRef,
  };
}
