/**
 * The attempt as the organiser's candidate list (candidate/org/) reads it: the latest paper of a
 * candidate in its exam, held under the candidate's id or, once converted, the learner's id.
 */
import { type SQL, sql } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';

/**
 * A lateral subquery (alias `att`) of the latest paper of the exam held by one of two user ids:
 * id, state, user_score, total_score, passed, start_time, hand_time, leave_count, hand_kind, voided.
 */
export function latestAttemptLateral(userId: SQL, otherUserId: SQL, examId: SQL): SQL {
  return sql`lateral (select p.id, p.state, p.user_score, p.total_score, p.passed, p.start_time, p.hand_time,
      p.leave_count, p.hand_kind, p.voided
    from ${elPaper} p where p.exam_id = ${examId} and (p.user_id = ${userId} or p.user_id = ${otherUserId})
    order by p.created_at desc limit 1) att`;
}
