/**
 * Answering a session: one question at a time (next) and the session with its answer card
 * (detail); saving an answer is train-fill.ts. Feedback and answers follow the mode:
 * recite (5) shows them at once, mock (6) only after finish, the others once answered.
 */
import {
  type TAnswerValue,
  type TQuView,
  TrainMode,
  TrainState,
  type TTrainDetail,
  type TTrainFeedback,
  type TTrainQu,
} from '@exam/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { elRepo, elTrain, elTrainQu } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { isComposite } from '../repo/kinds/registry.js';
import { learnerReader, type ReadQuestion } from '../repo/question-reader.js';
import { selfMarkOpen } from './self-mark-rules.js';
import { accuracyOf, finishTx, ownedTrain, type TrainRow } from './train.service.js';
import { markTrainAnswer } from './train-marking.js';

type TrainQuRow = typeof elTrainQu.$inferSelect;

/**
 * The session's row of a question, for a call that would mark it, with the question read through
 * the question reader: 10010003 when the session does not hold it; 20010002 (nothing saved) when it
 * is locked for the learner (their open paper, whose lock covers a composite's children with it):
 * marking would tell its key.
 */
export async function markableRow(tx: Executor, userId: string, trainId: string, quId: string) {
  const [q] = await tx
    .select()
    .from(elTrainQu)
    .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId)));
  if (!q) throw notFound('题目');
  const reader = await learnerReader(tx, userId, trainId);
  reader.assertOpen([q.quId]);
  const question = await reader.question(q.quId);
  return { q, question, ...question.keyed() };
}

/**
 * Whether the session's mode lets the answer and analysis of a question be shown now; the reader
 * still leaves them out while it is locked (a session started before the exam may hold it).
 */
function answerShown(train: TrainRow, q: TrainQuRow): boolean {
  if (!q.reveal) return false;
  if (train.state === TrainState.FINISHED) return true;
  if (train.mode === TrainMode.RECITE) return true;
  return train.mode !== TrainMode.MOCK && q.answeredAt !== null;
}

/** Whether right or wrong of an answered question may be told now. */
const verdictVisible = (train: TrainRow, q: TrainQuRow, question: ReadQuestion): boolean =>
  q.answeredAt !== null && !question.locked && (train.mode !== TrainMode.MOCK || train.state === TrainState.FINISHED);

/** The verdicts of an answered question, and its view with the key when shown; the key is read only when not locked. */
export function feedbackOf(train: TrainRow, q: TrainQuRow, question: ReadQuestion): TTrainFeedback {
  const { row, children } = question.keyed();
  const { value, childAnswers } = splitStored(row.type, q.answer);
  const mark = markTrainAnswer(row, children, value, childAnswers, q.selfMarks);
  return {
    isRight: q.isRight,
    score: q.score,
    childRight: mark.childRight,
    question: answerShown(train, q) ? question.view(true) : null,
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
  const read = await (await learnerReader(db, userId, trainId)).question(q.quId);
  const { value, childAnswers } = splitStored(read.type, q.answer);
  const question: TQuView = read.view(answerShown(train, q));
  return {
    sort,
    total: train.total,
    quId: q.quId,
    question,
    answered: q.answeredAt !== null,
    myAnswer: q.answeredAt || train.mode === TrainMode.MOCK ? value : null,
    childAnswers,
    feedback: verdictVisible(train, q, read) ? feedbackOf(train, q, read) : null,
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
    held: false,
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
  const locked = (await learnerReader(db, userId)).lock.any(rows.map((r) => r.quId));
  const hide = (train.mode === TrainMode.MOCK && train.state === TrainState.OPEN) || locked;
  const firstOpen = rows.find((r) => r.answeredAt === null);
  const summary = toRecord(train, repo?.title ?? null);
  return {
    ...summary,
    // An open mock tells no counts of right and wrong either.
    ...(hide ? { rightCount: 0, wrongCount: 0, accuracy: 0 } : {}),
    ...(locked ? { score: null, held: true } : {}),
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
