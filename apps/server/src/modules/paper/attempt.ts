/**
 * The attempt's rows, written by the paper module only (issue 22 §1): the exam module decides
 * whether a learner may start (exam/exam-entry.ts) and hands the paper its questions and times;
 * an invigilator's extra minutes move the deadline here too.
 */
import { PaperState } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../platform/db.js';
import type { BuiltQu } from './paper-build.js';

export interface NewAttempt {
  examId: string;
  userId: string;
  deptId: string | null;
  title: string;
  startTime: Date;
  deadline: Date;
  passScore: number;
}

/**
 * Inserts an open paper (state 0) and its questions in the caller's transaction; answers its id.
 * The total is the sum of the top-level questions (a composite's parts count in their parent).
 * Two statements, as before the move; the partial unique index el_paper_open_uq refuses a second
 * open paper of the learner (the caller resumes the winner).
 */
export async function createAttempt(tx: Tx, attempt: NewAttempt, questions: BuiltQu[]): Promise<string> {
  const totalScore = questions.filter((q) => !q.parentQuId).reduce((s, q) => s + q.score, 0);
  const [paper] = await tx
    .insert(elPaper)
    .values({ ...attempt, state: PaperState.IN_EXAM, totalScore: Math.round(totalScore * 100) / 100 })
    .returning({ id: elPaper.id });
  await tx.insert(elPaperQu).values(questions.map((q) => ({ ...q, paperId: paper.id })));
  return paper.id;
}

/**
 * Moves an open paper's deadline by `minutes`, atomically (two invigilators adding 5 minutes each
 * give 10) and only while it is open and not yet due; null when it was not.
 */
export async function extendDeadline(db: Executor, paperId: string, minutes: number, now: Date) {
  const [row] = await db
    .update(elPaper)
    .set({ deadline: sql`${elPaper.deadline} + make_interval(mins => ${minutes}::int)`, updatedAt: now })
    .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.IN_EXAM), sql`${elPaper.deadline} > ${now}`))
    .returning({ deadline: elPaper.deadline, examId: elPaper.examId });
  return row ?? null;
}
