/**
 * Hands a candidate's attempts of an exam to the learner account it became (a hire): the papers
 * and their presence rows change holder, nothing else about them (answers, marks, state) moves, so
 * the learner's records show the exam as sat. Runs inside the conversion's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { elPaper, elPaperPresence } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

/** Moves the exam's papers of `fromUserId` to `toUserId`; answers the paper ids moved. */
export async function transferAttempts(
  tx: Executor,
  examId: string,
  fromUserId: string,
  toUserId: string,
  deptId: string,
): Promise<string[]> {
  const moved = await tx
    .update(elPaper)
    .set({ userId: toUserId, deptId })
    .where(and(eq(elPaper.examId, examId), eq(elPaper.userId, fromUserId)))
    .returning({ id: elPaper.id });
  await tx
    .update(elPaperPresence)
    .set({ userId: toUserId })
    .where(and(eq(elPaperPresence.examId, examId), eq(elPaperPresence.userId, fromUserId)));
  return moved.map((p) => p.id);
}
