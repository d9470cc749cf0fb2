/**
 * The attempt as the exam module's own statements need it (exam/exam.service.ts,
 * exam/exam-override.service.ts, exam/exam-facts.ts, exam/review-hold.ts): each builder answers a
 * Drizzle fragment over the attempt's tables for the caller's one statement (a count beside an exam
 * row, a learner's papers of an exam), so the exam reads the attempt without naming its tables and
 * without an extra round trip.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The number of papers (any state) of the exam whose id is `examId` (an expression of the outer row). */
export function paperCountOfExam(examId: SQL): SQL<number> {
  return sql<number>`(select count(*) from el_paper p where p.exam_id = ${examId})`;
}

/** The number of the learner's papers (any state) of the exam `examId` (an expression of the outer row). */
export function attemptCountOf(userId: string | SQL, examId: SQL): SQL {
  return sql`(select count(*) from el_paper pa where pa.user_id = ${userId} and pa.exam_id = ${examId})`;
}

/** The exam ids of the learner's handed-in papers (awaiting marking or finished) holding question `topId`. */
export function handedInExamsHolding(userId: string, topId: string): SQL {
  return sql`select p.exam_id from el_paper p
    join el_paper_qu pq on pq.paper_id = p.id and pq.qu_id = ${topId}
    where p.user_id = ${userId} and p.state in (1, 2)`;
}

/** The papers of one exam, as a derived table for the caller's join (id, learner, state, result). */
export function papersOfExam(examId: string): SQL {
  return sql`(select id, user_id, state, voided, passed, user_score from el_paper where exam_id = ${examId})`;
}

/**
 * Per (learner, exam) key of the JSON list `keys` (`[{ u, e }]`), the figures of their record from
 * the papers, in key order: attempts, best score and passed over finished papers that are not
 * voided, last score and time of the latest handed-in one, the latest paper. A SELECT the exam's
 * record consumer inserts from (exam/user-record.ts), one statement in the hand-in's transaction.
 */
export function recordFiguresOf(keys: string): SQL {
  return sql`select k.u, k.e, count(p.id)::int,
      max(p.user_score) filter (where p.state = 2 and not p.voided),
      (array_agg(p.user_score order by p.start_time desc) filter (where p.state in (1, 2) and not p.voided))[1],
      coalesce(bool_or(p.passed) filter (where p.state = 2 and not p.voided), false),
      (array_agg(p.id order by p.start_time desc) filter (where p.id is not null))[1],
      max(p.hand_time), now()
    from (select distinct u, e from jsonb_to_recordset(${keys}::jsonb) as x(u text, e text)) k
    left join el_paper p on p.user_id = k.u and p.exam_id = k.e
    group by k.u, k.e
    order by k.u, k.e`;
}
