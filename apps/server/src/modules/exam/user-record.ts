/**
 * The (user, exam) record (el_user_exam) is the exam module's: it is recomputed from the papers by
 * the consumer below whenever the lifecycle reports a change of a paper (hand-in, marking,
 * abandoning, voiding). Recomputing from the papers makes the consumer idempotent.
 */
import { and, eq, sql } from 'drizzle-orm';
import { elUserExam } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { defineConsumer } from '../../platform/events/index.js';
import { recordFiguresOf } from '../sitting/reads/exam-side.js';

type RecordKey = { userId: string; examId: string };

/**
 * Recomputes (user, exam) records from the papers in one statement, for any number of them:
 * attempts, best score and passed over finished papers that are not voided, last score and time of
 * the latest handed-in one. The keys are upserted in key order, so two deliveries sharing keys lock
 * them in the same order.
 */
export async function refreshRecords(tx: Executor, keys: RecordKey[]): Promise<void> {
  if (keys.length === 0) return;
  const json = JSON.stringify(keys.map((k) => ({ u: k.userId, e: k.examId })));
  await tx.execute(sql`insert into ${elUserExam} (user_id, exam_id, try_count, best_score, last_score, passed, last_paper_id, last_time, updated_at)
    ${recordFiguresOf(json)}
    on conflict (user_id, exam_id) do update set try_count = excluded.try_count, best_score = excluded.best_score,
      last_score = excluded.last_score, passed = excluded.passed, last_paper_id = excluded.last_paper_id,
      last_time = excluded.last_time, updated_at = excluded.updated_at`);
}

/** Drops a (user, exam) record whose papers moved to another holder (a converted candidate). */
export async function dropRecord(tx: Executor, userId: string, examId: string): Promise<void> {
  await tx.delete(elUserExam).where(and(eq(elUserExam.userId, userId), eq(elUserExam.examId, examId)));
}

const keyOf = (p: { userId: string; examId: string | null }): RecordKey[] =>
  p.examId ? [{ userId: p.userId, examId: p.examId }] : [];

export const userRecordConsumer = defineConsumer({
  name: 'exam.user-record',
  events: ['paper.handedIn', 'paper.marked', 'paper.abandoned', 'paper.voided'],
  handle: async (event, db) => refreshRecords(db, keyOf(event.payload)),
  // Recomputing from the papers does not depend on the events' order: one statement for the batch.
  handleBatch: async (events, db) =>
    refreshRecords(
      db,
      events.flatMap((e) => keyOf(e.payload)),
    ),
});
