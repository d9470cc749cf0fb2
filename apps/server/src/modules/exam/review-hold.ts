/**
 * Whether an exam still holds its review back from a learner, as SQL over an exam
 * row: the rule of the exam's review options and a learner's arrangement (el_exam_override), both
 * the exam module's. The sitting guard (sitting/sitting-guard.ts, through sitting/exam-port.ts) asks
 * `heldExams` with the learner's attempts and gets exam ids back; the wrong-answer book
 * (train/book.service.ts, above both) puts `reviewHeldSql` inside its own statement.
 */
import { ExamState, ReviewAfter } from '@exam/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.js';
import type { ExamAttempts } from '../sitting/exam-port.js';
import { attemptCountOf } from '../sitting/reads/exam-side.js';

/**
 * SQL: whether review of exam `e` is still held for user `userId` (an attempt of theirs is handed in
 * or abandoned). "Closed" is the exam's close or window end, later for a learner whose arrangement
 * (el_exam_override, theirs or their department's) runs longer; "the last attempt" counts the
 * attempts against the limit plus any extra tries arranged (no limit or a cycle: only the close).
 */
export function reviewHeldSql(e: string, userId: string | SQL, attempts?: SQL): SQL {
  const ex = sql.raw(e);
  const used = attempts ?? attemptCountOf(userId, sql`${ex}.id`);
  const arranged = sql`from el_exam_override o
    left join sys_depart od on od.id = o.dept_id
    where o.exam_id = ${ex}.id and (o.user_id = ${userId} or (od.code is not null and exists (
      select 1 from sys_user u join sys_depart ud on ud.id = u.dept_id
      where u.id = ${userId} and ud.code like od.code || '%')))`;
  const closed = sql`(${ex}.state = ${ExamState.CLOSED} or (${ex}.end_time <= now()
    and not exists (select 1 ${arranged} and o.end_time > now())))`;
  const lastAttemptDone = sql`(${ex}.try_limit > 0 and ${ex}.cycle_type = 0
    and ${used} >= ${ex}.try_limit + coalesce((select max(o.extra_tries) ${arranged}), 0))`;
  return sql`(case ${ex}.review_after
    when ${ReviewAfter.IMMEDIATELY} then false
    when ${ReviewAfter.LAST_ATTEMPT} then not (${closed} or ${lastAttemptDone})
    when ${ReviewAfter.CLOSED} then not ${closed}
    else true end)`;
}

/**
 * Of the exams given with the learner's attempts of each (the sitting's count), those whose review
 * is still held for `userId` (one statement; none without exams). Unknown exams are not held.
 */
export async function heldExams(db: Executor, userId: string, exams: readonly ExamAttempts[]): Promise<Set<string>> {
  if (exams.length === 0) return new Set();
  const given = sql.join(
    exams.map((a) => sql`(${a.examId}::text, ${a.attempts}::int)`),
    sql`, `,
  );
  const res = await db.execute<{ id: string }>(sql`select e.id from el_exam e
    join (values ${given}) as a(exam_id, attempts) on a.exam_id = e.id
    where ${reviewHeldSql('e', userId, sql`a.attempts`)}`);
  return new Set(res.rows.map((r) => r.id));
}
