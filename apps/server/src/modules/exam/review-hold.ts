/**
 * Whether an exam still holds its review back from a learner, as SQL over an exam
 * row: the rule of the exam's review options and a learner's arrangement (el_exam_override), both
 * the exam module's. The sitting guard (paper/sitting-guard.ts, through paper/exam-port.ts) and the
 * wrong-answer book (train/book.service.ts) put it inside their own statements.
 */
import { ExamState, ReviewAfter } from '@exam/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL: whether review of exam `e` is still held for user `userId` (an attempt of theirs is handed in
 * or abandoned). "Closed" is the exam's close or window end, later for a learner whose arrangement
 * (el_exam_override, theirs or their department's) runs longer; "the last attempt" counts the
 * attempts against the limit plus any extra tries arranged (no limit or a cycle: only the close).
 */
export function reviewHeldSql(e: string, userId: string | SQL): SQL {
  const ex = sql.raw(e);
  const arranged = sql`from el_exam_override o
    left join sys_depart od on od.id = o.dept_id
    where o.exam_id = ${ex}.id and (o.user_id = ${userId} or (od.code is not null and exists (
      select 1 from sys_user u join sys_depart ud on ud.id = u.dept_id
      where u.id = ${userId} and ud.code like od.code || '%')))`;
  const closed = sql`(${ex}.state = ${ExamState.CLOSED} or (${ex}.end_time <= now()
    and not exists (select 1 ${arranged} and o.end_time > now())))`;
  const lastAttemptDone = sql`(${ex}.try_limit > 0 and ${ex}.cycle_type = 0
    and (select count(*) from el_paper pa where pa.user_id = ${userId} and pa.exam_id = ${ex}.id)
      >= ${ex}.try_limit + coalesce((select max(o.extra_tries) ${arranged}), 0))`;
  return sql`(case ${ex}.review_after
    when ${ReviewAfter.IMMEDIATELY} then false
    when ${ReviewAfter.LAST_ATTEMPT} then not (${closed} or ${lastAttemptDone})
    when ${ReviewAfter.CLOSED} then not ${closed}
    else true end)`;
}

/** `reviewHeldSql` for the exam whose id is `examId` (a correlated subquery); false when there is no such exam. */
export function examReviewHeldSql(examId: SQL | AnyPgColumn, userId: string | SQL): SQL {
  return sql`coalesce((select ${reviewHeldSql('e', userId)} from el_exam e where e.id = ${examId}), false)`;
}
