/**
 * Answering a session: one question at a time (next) and the session with its answer card
 * (detail); saving an answer is train-fill.ts. Feedback and answers follow the mode:
 * recite (5) shows them at once, mock (6) only after finish, the others once answered.
 */
import {
  ErrorCode,
  type TAnswerValue,
  type TQuView,
  TrainMode,
  TrainState,
  type TTrainDetail,
  type TTrainFeedback,
  type TTrainQu,
} from '@exam/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { elQu, elRepo, elTrain, elTrainQu } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { SITTING_REFUSAL, type SittingLock, sittingLock } from '../paper/sitting-guard.js';
import { isComposite } from '../repo/kinds/registry.js';
import { toLearnerView } from '../repo/qu-view.js';
import { selfMarkOpen } from './self-mark-rules.js';
import { accuracyOf, finishTx, ownedTrain, type TrainRow } from './train.service.js';
import { markTrainAnswer } from './train-marking.js';

type QuRow = typeof elQu.$inferSelect;
type TrainQuRow = typeof elTrainQu.$inferSelect;

/** A question row with its live children. */
export async function loadQuestion(db: Executor, quId: string): Promise<{ row: QuRow; children: QuRow[] }> {
  const [row] = await db.select().from(elQu).where(eq(elQu.id, quId));
  if (!row) throw notFound('试题');
  const children = await db
    .select()
    .from(elQu)
    .where(and(eq(elQu.parentId, quId), isNull(elQu.deletedAt)))
    .orderBy(asc(elQu.sort));
  return { row, children };
}

/**
 * The session's row of a question, for a call that would mark it, with the learner's sitting lock:
 * 10010003 when the session does not hold it; 20010002 (nothing saved) when it is in the learner's
 * open paper, whose lock covers a composite's children with it: marking would tell its key.
 */
export async function markableRow(tx: Executor, userId: string, trainId: string, quId: string) {
  const [q] = await tx
    .select()
    .from(elTrainQu)
    .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId)));
  if (!q) throw notFound('题目');
  const lock = await sittingLock(tx, userId);
  if (lock.has(q.quId)) throw new AppError(ErrorCode.EXAM_IN_PROGRESS, SITTING_REFUSAL);
  return { q, lock };
}

/**
 * Whether the answer and analysis of a session question may be shown now; never while it is in
 * the learner's open paper (a session started before the exam may hold it).
 */
function answerVisible(train: TrainRow, q: TrainQuRow, lock: SittingLock): boolean {
  if (!q.reveal || lock.has(q.quId)) return false;
  if (train.state === TrainState.FINISHED) return true;
  if (train.mode === TrainMode.RECITE) return true;
  return train.mode !== TrainMode.MOCK && q.answeredAt !== null;
}

/** Whether right or wrong of an answered question may be told now. */
const verdictVisible = (train: TrainRow, q: TrainQuRow, lock: SittingLock): boolean =>
  q.answeredAt !== null && !lock.has(q.quId) && (train.mode !== TrainMode.MOCK || train.state === TrainState.FINISHED);

export function feedbackOf(
  train: TrainRow,
  q: TrainQuRow,
  row: QuRow,
  children: QuRow[],
  lock: SittingLock,
): TTrainFeedback {
  const { value, childAnswers } = splitStored(row.type, q.answer);
  const mark = markTrainAnswer(row, children, value, childAnswers, q.selfMarks);
  return {
    isRight: q.isRight,
    score: q.score,
    childRight: mark.childRight,
    question: answerVisible(train, q, lock) ? toLearnerView(row, children, true, train.userId) : null,
    selfMarkOpen: selfMarkOpen({ train, question: { ...row, answered: q.answeredAt !== null }, children }),
  };
}

/** A composite stores { childId: answer }; the others the value itself. */
export function splitStored(type: number, stored: unknown) {
  if (isComposite(type)) return { value: null, childAnswers: (stored ?? {}) as Record<string, TAnswerValue> };
  return { value: (stored ?? null) as TAnswerValue, childAnswers: null };
}

/** Finishes an open mock session past its deadline; answers the current row. */
export async function settleExpired(db: Db, train: TrainRow, now: Date): Promise<TrainRow> {
  if (train.state !== TrainState.OPEN || !train.deadline || train.deadline > now) return train;
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(elTrain).where(eq(elTrain.id, train.id)).for('update');
    await finishTx(tx, locked, now);
  });
  const [fresh] = await db.select().from(elTrain).where(eq(elTrain.id, train.id));
  return fresh;
}

/** The question at `sort` of the user's session. */
export async function nextQuestion(
  db: Db,
  userId: string,
  trainId: string,
  sort: number,
  now: Date,
): Promise<TTrainQu> {
  const train = await settleExpired(db, await ownedTrain(db, userId, trainId), now);
  const [q] = await db
    .select()
    .from(elTrainQu)
    .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.sort, sort)));
  if (!q) throw notFound('题目');
  const { row, children } = await loadQuestion(db, q.quId);
  const { value, childAnswers } = splitStored(row.type, q.answer);
  const lock = await sittingLock(db, userId);
  const question: TQuView = toLearnerView(row, children, answerVisible(train, q, lock), userId);
  return {
    sort,
    total: train.total,
    quId: q.quId,
    question,
    answered: q.answeredAt !== null,
    myAnswer: q.answeredAt || train.mode === TrainMode.MOCK ? value : null,
    childAnswers,
    feedback: verdictVisible(train, q, lock) ? feedbackOf(train, q, row, children, lock) : null,
  };
}

/** The session as a record (paging row). */
export function toRecord(t: TrainRow, repoTitle: string | null) {
  return {
    id: t.id,
    repoId: t.repoId,
    repoTitle,
    mode: t.mode,
    types: t.types,
    total: t.total,
    answered: t.answered,
    rightCount: t.rightCount,
    wrongCount: t.wrongCount,
    accuracy: accuracyOf(t.rightCount, t.wrongCount),
    score: t.score,
    timeLimit: t.timeLimit,
    deadline: t.deadline?.toISOString() ?? null,
    usedSeconds: t.usedSeconds,
    state: t.state,
    startedAt: t.startedAt.toISOString(),
    finishedAt: t.finishedAt?.toISOString() ?? null,
  };
}

/** The user's session with its answer card; right/wrong stays hidden in an open mock. */
export async function trainDetail(db: Db, userId: string, trainId: string, now: Date): Promise<TTrainDetail> {
  const train = await settleExpired(db, await ownedTrain(db, userId, trainId), now);
  const rows = await db
    .select({
      sort: elTrainQu.sort,
      quId: elTrainQu.quId,
      type: elTrainQu.type,
      answeredAt: elTrainQu.answeredAt,
      isRight: elTrainQu.isRight,
      seq: elTrainQu.seq,
    })
    .from(elTrainQu)
    .where(eq(elTrainQu.trainId, trainId))
    .orderBy(asc(elTrainQu.sort));
  const [repo] = train.repoId
    ? await db.select({ title: elRepo.title }).from(elRepo).where(eq(elRepo.id, train.repoId))
    : [];
  // Counts could tell right or wrong of a question in the learner's open paper: hidden with it.
  const lock = await sittingLock(db, userId);
  const locked = lock.any(rows.map((r) => r.quId));
  const hide = (train.mode === TrainMode.MOCK && train.state === TrainState.OPEN) || locked;
  const firstOpen = rows.find((r) => r.answeredAt === null);
  const summary = toRecord(train, repo?.title ?? null);
  return {
    ...summary,
    // An open mock tells no counts of right and wrong either.
    ...(hide ? { rightCount: 0, wrongCount: 0, accuracy: 0 } : {}),
    ...(locked ? { score: 0 } : {}),
    current: firstOpen?.sort ?? Math.max(0, rows.length - 1),
    serverTime: now.toISOString(),
    seq: Math.max(0, ...rows.map((r) => Number(r.seq))),
    card: rows.map((r) => ({
      sort: r.sort,
      quId: r.quId,
      type: r.type,
      answered: r.answeredAt !== null,
      isRight: hide ? null : r.isRight,
    })),
  };
}
