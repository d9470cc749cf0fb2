/**
 * The (user, exam) record (el_user_exam) is the exam module's: it is recomputed from the papers by
 * the consumer below whenever the lifecycle reports a change of a paper (hand-in, marking,
 * abandoning, voiding). Recomputing from the papers makes the consumer idempotent.
 */
import { sql } from 'drizzle-orm';
import { elPaper, elUserExam } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { defineConsumer } from '../../platform/events/index.js';

/**
 * Recomputes the (user, exam) record from the papers in one statement: attempts, best score and
 * passed over finished papers that are not voided, last score and time of the latest handed-in one.
 */
export async function refreshRecord(tx: Executor, userId: string, examId: string): Promise<void> {
  await tx.execute(sql`insert into ${elUserExam} (user_id, exam_id, try_count, best_score, last_score, passed, last_paper_id, last_time, updated_at)
    select ${userId}, ${examId}, count(*)::int,
      max(p.user_score) filter (where p.state = 2 and not p.voided),
      (array_agg(p.user_score order by p.start_time desc) filter (where p.state in (1, 2) and not p.voided))[1],
      coalesce(bool_or(p.passed) filter (where p.state = 2 and not p.voided), false),
      (array_agg(p.id order by p.start_time desc))[1],
      max(p.hand_time), now()
    from ${elPaper} p where p.user_id = ${userId} and p.exam_id = ${examId}
    on conflict (user_id, exam_id) do update set try_count = excluded.try_count, best_score = excluded.best_score,
      last_score = excluded.last_score, passed = excluded.passed, last_paper_id = excluded.last_paper_id,
      last_time = excluded.last_time, updated_at = excluded.updated_at`);
}

export const userRecordConsumer = defineConsumer({
  name: 'exam.user-record',
  events: ['paper.handedIn', 'paper.marked', 'paper.abandoned', 'paper.voided'],
  handle: async (event, db) => {
    if (event.payload.examId) await refreshRecord(db, event.payload.userId, event.payload.examId);
  },
});
