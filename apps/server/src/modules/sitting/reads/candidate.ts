/**
 * The attempt as the candidate module reads it: a candidate's one paper of its exam (the paper's
 * user id is the candidate's id), for its own page and the organiser's list.
 */
import { and, desc, eq } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

/** The candidate's latest paper of the exam: id, state, score, times; undefined before it starts. */
export async function candidatePaper(db: Executor, examId: string, candidateId: string) {
  const [row] = await db
    .select({
      id: elPaper.id,
      state: elPaper.state,
      userScore: elPaper.userScore,
      passed: elPaper.passed,
      startTime: elPaper.startTime,
      handTime: elPaper.handTime,
    })
    .from(elPaper)
    .where(and(eq(elPaper.examId, examId), eq(elPaper.userId, candidateId)))
    .orderBy(desc(elPaper.createdAt))
    .limit(1);
  return row;
}
