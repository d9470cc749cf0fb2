/**
 * Answering a session: one question at a time (next), saving an answer with immediate feedback
 * (fill), and the session with its answer card (detail). Feedback and answers follow the mode:
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
  type TTrainFill,
  type TTrainFillResult,
  type TTrainQu,
} from '@exam/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { elQu, elRepo, elTrain, elTrainProgress, elTrainQu } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { SITTING_REFUSAL, type SittingLock, sittingLock } from '../paper/sitting-guard.js';
import { toLearnerView } from '../repo/qu-view.js';
import { recordAnswer } from './book-record.js';
import { accuracyOf, finishTx, ownedTrain, recount, type TrainRow } from './train.service.js';
import { markTrainAnswer } from './train-marking.js';

type QuRow = typeof elQu.$inferSelect;
type TrainQuRow = typeof elTrainQu.$inferSelect;

/** A question row with its live children. */
async function loadQuestion(db: Executor, quId: string): Promise<{ row: QuRow; children: QuRow[] }> {
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

function feedbackOf(train: TrainRow, q: TrainQuRow, row: QuRow, children: QuRow[], lock: SittingLock): TTrainFeedback {
  const { value, childAnswers } = splitStored(row.type, q.answer);
  const mark = markTrainAnswer(row, children, value, childAnswers);
  return {
    isRight: q.isRight,
    score: q.score,
    childRight: mark.childRight,
    question: answerVisible(train, q, lock) ? toLearnerView(row, children, true) : null,
  };
}

/** A composite stores { childId: answer }; the others the value itself. */
function splitStored(type: number, stored: unknown) {
  if (type === 99) return { value: null, childAnswers: (stored ?? {}) as Record<string, TAnswerValue> };
  return { value: (stored ?? null) as TAnswerValue, childAnswers: null };
}

/** Finishes an open mock session past its deadline; answers the current row. */
async function settleExpired(db: Db, train: TrainRow, now: Date): Promise<TrainRow> {
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
  const question: TQuView = toLearnerView(row, children, answerVisible(train, q, lock));
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

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Saves an answer. Outside mock mode it is marked at once, kept (a second fill of the same
 * question answers the first result) and written to the book; in mock mode it may change until
 * the finish, and nothing about right or wrong is answered.
 */
export async function fillAnswer(db: Db, userId: string, body: TTrainFill, now: Date): Promise<TTrainFillResult> {
  let expired = false;
  const result = await db.transaction(async (tx) => {
    const train = await ownedTrain(tx, userId, body.trainId, true);
    if (train.state !== TrainState.OPEN) throw new AppError(ErrorCode.CONFLICT, '训练已结束，不能再作答');
    if (train.deadline && train.deadline <= now) {
      await finishTx(tx, train, now);
      expired = true;
      return null;
    }
    const [q] = await tx
      .select()
      .from(elTrainQu)
      .where(and(eq(elTrainQu.trainId, train.id), eq(elTrainQu.quId, body.quId)));
    if (!q) throw notFound('题目');
    // Marking a question of the learner's open paper would tell its key: refused, nothing saved.
    const lock = await sittingLock(tx, userId);
    if (lock.has(q.quId)) throw new AppError(ErrorCode.EXAM_IN_PROGRESS, SITTING_REFUSAL);
    const { row, children } = await loadQuestion(tx, q.quId);
    const mock = train.mode === TrainMode.MOCK;
    if (q.answeredAt && !mock) return { answered: train.answered, feedback: feedbackOf(train, q, row, children, lock) };
    const stored = row.type === 99 ? (body.childAnswers ?? {}) : body.answer;
    const cleared = mock && (row.type === 99 ? Object.values(stored as object).every(isBlank) : isBlank(stored));
    // Recite mode shows the answer first: "answering" there only records the question as read.
    const mark =
      train.mode === TrainMode.RECITE
        ? { isRight: null, score: 0, childRight: {} }
        : markTrainAnswer(row, children, body.answer, body.childAnswers);
    const [saved] = await tx
      .update(elTrainQu)
      .set({
        answer: cleared ? null : stored,
        isRight: cleared ? null : mark.isRight,
        score: cleared ? 0 : mark.score,
        answeredAt: cleared ? null : now,
      })
      .where(and(eq(elTrainQu.trainId, train.id), eq(elTrainQu.quId, q.quId)))
      .returning();
    await recount(tx, train, now, false);
    if (train.mode === TrainMode.SEQUENTIAL && train.repoId)
      await tx
        .insert(elTrainProgress)
        .values({ userId, repoId: train.repoId, lastQuId: q.quId, updatedAt: now })
        .onConflictDoUpdate({
          target: [elTrainProgress.userId, elTrainProgress.repoId],
          set: { lastQuId: q.quId, updatedAt: now },
        });
    if (!mock && train.mode !== TrainMode.RECITE)
      await recordAnswer(tx, {
        userId,
        quId: q.quId,
        repoId: train.repoId,
        source: train.mode === TrainMode.REVIEW ? 'review' : 'train',
        isRight: mark.isRight,
        answer: stored,
        now,
      });
    const [{ answered }] = await tx
      .select({ answered: elTrain.answered })
      .from(elTrain)
      .where(eq(elTrain.id, train.id));
    return { answered, feedback: mock ? null : feedbackOf(train, saved, row, children, lock) };
  });
  if (expired) throw new AppError(ErrorCode.CONFLICT, '模拟考试时间已到，已自动交卷');
  return result as TTrainFillResult;
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
    card: rows.map((r) => ({
      sort: r.sort,
      quId: r.quId,
      type: r.type,
      answered: r.answeredAt !== null,
      isRight: hide ? null : r.isRight,
    })),
  };
}
