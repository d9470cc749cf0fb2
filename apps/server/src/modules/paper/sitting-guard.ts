/**
 * THE sitting-learner rule: no call reveals to a user the answer,
 * analysis, per-option correctness or right/wrong of a question that is locked for them. Locked are
 * - the questions of the user's open paper (state 0), composite parents and children alike;
 * - the questions of every other attempt of theirs whose exam's review options (el_exam.review_after)
 *   do not allow review yet: 2 until their last allowed attempt or the close, 3 until the close,
 *   0 always (a learner who abandons a paper must not read the keys and sit again). Exams are the
 *   exam module's: that rule is exam's `reviewHeldSql` (exam/review-hold.ts), asked through the
 *   exam port (exam-port.ts) as one SQL expression, so the lock stays one statement;
 * - any question with the same content fingerprint (el_qu.fingerprint) as one of those: the same
 *   question typed again, imported twice or copied under another id.
 * Every learner-facing place that can reveal a key reads through the question reader
 * (repo/question-reader.ts), which asks `sittingLock` (one query, through the answer-lock port) and
 * then either leaves the key out (reads) or refuses (calls that would answer right or wrong). Routes that return question data declare `questionData: true` (platform/route.ts); the
 * OpenAPI walker test (sitting-guard.api.test.ts) holds every route to it.
 */
import { ErrorCode, PaperState } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { SITTING_REFUSAL } from '../repo/answer-lock.js';
import { examsForPaper } from './exam-port.js';

export { SITTING_REFUSAL };

/** The locked question ids (top-level and composite children, copies by fingerprint); empty when none. */
export interface SittingLock {
  readonly ids: ReadonlySet<string>;
  /** Whether the key of this question must stay hidden from the user now. */
  has(quId: string): boolean;
  /** Whether any of these questions is locked. */
  any(quIds: Iterable<string>): boolean;
}

const lockOf = (ids: ReadonlySet<string>): SittingLock => ({
  ids,
  has: (quId) => ids.has(quId),
  any: (quIds) => {
    for (const id of quIds) if (ids.has(id)) return true;
    return false;
  },
});

/** Nothing locked: for administrators' own views, never for a learner-facing call. */
export const NO_LOCK: SittingLock = lockOf(new Set());

/**
 * The questions locked for `userId` now (one query): those of the open paper and of attempts whose
 * review is held, and every question sharing a content fingerprint with one of them.
 */
export async function sittingLock(db: Executor, userId: string): Promise<SittingLock> {
  const res = await db.execute<{ qu_id: string }>(sql`with held as (
      select pq.qu_id from el_paper p
      join el_paper_qu pq on pq.paper_id = p.id
      where p.user_id = ${userId}
        and (p.state = ${PaperState.IN_EXAM} or ${examsForPaper().reviewHeldSql(sql`p.exam_id`, userId)})
    )
    select qu_id from held
    union
    select copy.id from held
      join el_qu q on q.id = held.qu_id
      join el_qu copy on copy.fingerprint = q.fingerprint
      where q.fingerprint is not null`);
  return res.rows.length ? lockOf(new Set(res.rows.map((r) => r.qu_id))) : NO_LOCK;
}

/** Whether the review of `examId` is held for `userId` now (their result shows no key yet). */
export async function reviewHeld(db: Executor, userId: string, examId: string): Promise<boolean> {
  const res = await db.execute<{ held: boolean }>(
    sql`select ${examsForPaper().reviewHeldSql(sql`${examId}`, userId)} as held`,
  );
  return Boolean(res.rows[0]?.held);
}

/**
 * The rule for help that is not about one question (the assistant's chat and explanations, issue
 * 28): while the user has a paper open (state 0), it is refused (20010002) with `message`; an exam
 * is not open-book. The same open paper whose questions `sittingLock` locks.
 */
export async function assertNotSittingAPaper(db: Executor, userId: string, message: string): Promise<void> {
  const res = await db.execute(
    sql`select 1 from el_paper where user_id = ${userId} and state = ${PaperState.IN_EXAM} limit 1`,
  );
  if (res.rows.length) throw new AppError(ErrorCode.EXAM_IN_PROGRESS, message);
}
