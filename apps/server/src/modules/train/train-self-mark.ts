/**
 * 自评: the learner marks their own answer of a manually marked question (or one manual child of
 * a composite) right or wrong in practice. The rules are self-mark-rules.ts; the book follows
 * through book-record.ts, so a changed mark is not counted twice.
 */
import { TrainMode, type TTrainSelfMark, type TTrainSelfMarkResult } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { elTrain, elTrainQu } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { publish } from '../../platform/events/index.js';
import { recordSelfMark, type SelfMarkBook } from './book-record.js';
import { bookStep, selfMarkTarget } from './self-mark-rules.js';
import { accuracyOf, ownedTrain, recount } from './train.service.js';
import { feedbackOf, markableRow, splitStored } from './train-answer.service.js';
import { markTrainAnswer } from './train-marking.js';

/** Stores the learner's self-mark of one manual part and answers the verdicts and the session's figures. */
export async function selfMark(db: Db, userId: string, body: TTrainSelfMark, now: Date): Promise<TTrainSelfMarkResult> {
  return db.transaction(async (tx) => {
    const train = await ownedTrain(tx, userId, body.trainId, true);
    const { q, question, row, children } = await markableRow(tx, userId, train.id, body.quId);
    const target = selfMarkTarget({
      train,
      question: { id: row.id, type: row.type, answered: q.answeredAt !== null },
      children,
      childId: body.childId,
    });
    let saved = q;
    // The same mark again changes nothing (no second count in the figures or the book).
    if (q.selfMarks?.[target] !== body.right) {
      const selfMarks = { ...(q.selfMarks ?? {}), [target]: body.right };
      const { value, childAnswers } = splitStored(row.type, q.answer);
      const mark = markTrainAnswer(row, children, value, childAnswers, selfMarks);
      let book = q.selfMarkBook as SelfMarkBook | null;
      if (bookStep(q.isRight, mark.isRight) !== 'none')
        book = await recordSelfMark(
          tx,
          {
            userId,
            quId: q.quId,
            repoId: train.repoId,
            source: train.mode === TrainMode.REVIEW ? 'review' : 'train',
            isRight: mark.isRight,
            answer: q.answer,
            now,
          },
          book,
        );
      [saved] = await tx
        .update(elTrainQu)
        .set({ selfMarks, isRight: mark.isRight, score: mark.score, selfMarkBook: book })
        .where(and(eq(elTrainQu.trainId, train.id), eq(elTrainQu.quId, q.quId)))
        .returning();
      await recount(tx, train, now, false);
      await publish(tx, {
        name: 'practice.answered',
        payload: { trainId: train.id, userId, quIds: [q.quId], answeredAt: now.toISOString() },
      });
    }
    const [figures] = await tx
      .select({ answered: elTrain.answered, rightCount: elTrain.rightCount, wrongCount: elTrain.wrongCount })
      .from(elTrain)
      .where(eq(elTrain.id, train.id));
    const { question: _shown, ...verdicts } = feedbackOf(train, saved, question);
    return {
      ...verdicts,
      ...figures,
      accuracy: accuracyOf(figures.rightCount, figures.wrongCount),
    };
  });
}
