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
