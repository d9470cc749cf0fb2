/**
 * Saving a practice answer. Outside mock mode it is marked at once, kept (a second fill of the same
 * question answers the first result, not accepted) and written to the book; in mock mode it may
 * change until the finish, and nothing about right or wrong is answered. Like the exam save
 * (sitting/fill-answer.ts), a save carrying a client sequence is stored only when that sequence is
 * newer than the stored one, checked in the same UPDATE: a request processed late never overwrites
 * a newer answer, and is answered accepted false WITH the held answer, so the client shows the truth.
 */
import { ErrorCode, TrainMode, TrainState, type TTrainFill, type TTrainFillResult } from '@exam/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { elTrain, elTrainProgress, elTrainQu } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { isComposite } from '../repo/kinds/registry.js';
import { recordAnswer } from './book-record.js';
import { needsSelfMark } from './self-mark-rules.js';
import { finishTx, ownedTrain, recount } from './train.service.js';
import { feedbackOf, markableRow, splitStored } from './train-answer.service.js';
import { markTrainAnswer } from './train-marking.js';

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** What the server holds for the question, in the shape the client sent it. */
function held(type: number, stored: unknown) {
  const { value, childAnswers } = splitStored(type, stored);
  return { answer: value, childAnswers };
}

export async function fillAnswer(db: Db, userId: string, body: TTrainFill, now: Date): Promise<TTrainFillResult> {
  let expired = false;
  const result = await db.transaction(async (tx): Promise<TTrainFillResult | null> => {
    const train = await ownedTrain(tx, userId, body.trainId, true);
    if (train.state !== TrainState.OPEN) throw new AppError(ErrorCode.CONFLICT, '训练已结束，不能再作答');
    if (train.deadline && train.deadline <= now) {
      await finishTx(tx, train, now);
      expired = true;
      return null;
    }
    const { q, question, row, children } = await markableRow(tx, userId, train.id, body.quId);
    const mock = train.mode === TrainMode.MOCK;
    const refused = (): TTrainFillResult => ({
      answered: train.answered,
      feedback: mock ? null : feedbackOf(train, q, question),
      accepted: false,
      seq: Number(q.seq),
      ...held(row.type, q.answer),
    });
    if (q.answeredAt && !mock) return refused();
    const stored = isComposite(row.type) ? (body.childAnswers ?? {}) : body.answer;
    const cleared = mock && (isComposite(row.type) ? Object.values(stored as object).every(isBlank) : isBlank(stored));
    // Recite mode shows the answer first: "answering" there only records the question as read.
    const mark =
      train.mode === TrainMode.RECITE
        ? { isRight: null, score: 0, childRight: {} }
        : markTrainAnswer(row, children, body.answer, body.childAnswers);
    const where: (SQL | undefined)[] = [eq(elTrainQu.trainId, train.id), eq(elTrainQu.quId, q.quId)];
    // Without a sequence (API clients) the save is unordered; with one, only a newer one is stored.
    if (body.seq) where.push(lt(elTrainQu.seq, body.seq));
    const [saved] = await tx
      .update(elTrainQu)
      .set({
        answer: cleared ? null : stored,
        isRight: cleared ? null : mark.isRight,
        score: cleared ? 0 : mark.score,
        answeredAt: cleared ? null : now,
        seq: body.seq ?? sql`${elTrainQu.seq}`,
      })
      .where(and(...where))
      .returning();
    if (!saved) return refused();
    await recount(tx, train, now, false);
    // Answering moves on: the question open to self-marking is now this one, if it needs it.
    const markable = !mock && train.mode !== TrainMode.RECITE && needsSelfMark(row, children);
    const markOpenQuId = markable ? q.quId : null;
    if (markOpenQuId !== train.markOpenQuId)
      await tx.update(elTrain).set({ markOpenQuId }).where(eq(elTrain.id, train.id));
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
        // A composite's share of right parts; a self-marked short answer's verdict stands as given.
        share: isComposite(row.type) ? mark.score : null,
        answer: stored,
        now,
      });
    // Statistics and mastery follow the marked answer (a recite "answer" and a mock save are not marked yet).
    if (!mock && train.mode !== TrainMode.RECITE && !cleared && mark.isRight !== null)
      await publish(tx, {
        name: 'practice.answered',
        payload: { trainId: train.id, userId, quIds: [q.quId], answeredAt: now.toISOString() },
      });
    const [{ answered }] = await tx
      .select({ answered: elTrain.answered })
      .from(elTrain)
      .where(eq(elTrain.id, train.id));
    return {
      answered,
      feedback: mock ? null : feedbackOf({ ...train, markOpenQuId }, saved, question),
      accepted: true,
      seq: Number(saved.seq),
    };
  });
  if (expired || !result) throw new AppError(ErrorCode.CONFLICT, '模拟考试时间已到，已自动交卷');
  return result;
}
