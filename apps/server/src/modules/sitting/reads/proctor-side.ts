/**
 * The attempt as remote proctoring (modules/proctor) reads it: the open attempts of the exams whose
 * second camera is watched, and when an exam's papers were last closed (its snapshots' retention).
 */
import { PaperState } from '@exam/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

/** The open attempts of the exams. */
export async function openAttemptsOfExams(db: Executor, examIds: string[]) {
  if (examIds.length === 0) return [];
  return db
    .select({ id: elPaper.id, examId: elPaper.examId, userId: elPaper.userId, startTime: elPaper.startTime })
    .from(elPaper)
    .where(and(inArray(elPaper.examId, examIds), eq(elPaper.state, PaperState.IN_EXAM)));
}

/**
 * Per exam: whether a paper is still open or waits for marking, and the latest hand-in or marking
 * time of its papers (null when none).
 */
export async function closingOfExams(
  db: Executor,
  examIds: string[],
): Promise<Map<string, { unfinished: boolean; lastClosedAt: Date | null }>> {
  const out = new Map<string, { unfinished: boolean; lastClosedAt: Date | null }>();
  if (examIds.length === 0) return out;
  const rows = await db
    .select({
      examId: elPaper.examId,
      unfinished: sql<number>`count(*) filter (where ${elPaper.state} in (${PaperState.IN_EXAM}, ${PaperState.AWAITING_MARK}))`,
      last: sql<string | Date | null>`greatest(max(${elPaper.handTime}), max(${elPaper.markedAt}))`,
    })
    .from(elPaper)
    .where(inArray(elPaper.examId, examIds))
    .groupBy(elPaper.examId);
  for (const r of rows)
    out.set(r.examId, {
      unfinished: Number(r.unfinished) > 0,
      lastClosedAt: r.last == null ? null : new Date(r.last),
    });
  return out;
}
