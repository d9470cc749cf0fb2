/**
 * THE sitting-learner rule: no call reveals to a user the answer,
 * analysis, per-option correctness or right/wrong of a question that is locked for them. Locked are
 * - the questions of the user's open paper (state 0), composite parents and children alike;
 * - the questions of every other attempt of theirs whose exam's review options (el_exam.review_after)
 *   do not allow review yet: 2 until their last allowed attempt or the close, 3 until the close,
 *   0 always (a learner who abandons a paper must not read the keys and sit again). Exams are the
 *   exam module's: that rule is exam's (exam/review-hold.ts), asked through the exam port
 *   (exam-port.ts `reviewHeld`) with the learner's attempts per exam and answered as exam ids;
 * - any question with the same content fingerprint (el_qu.fingerprint) as one of those: the same
 *   question typed again, imported twice or copied under another id.
 * Every learner-facing place that can reveal a key reads through the question reader
 * (repo/question-reader.ts), which asks `sittingLock` (one query, through the answer-lock port) and
 * then either leaves the key out (reads) or refuses (calls that would answer right or wrong). Routes that return question data declare `questionData: true` (platform/route.ts); the
 * OpenAPI walker test (sitting-guard.api.test.ts) holds every route to it.
 */
import { ErrorCode, PaperState } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { elPaper } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { SITTING_REFUSAL } from '../repo/answer-lock.js';
import { examsForSitting } from './exam-port.js';

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

/** The user's attempts per exam, and whether one of them is open or handed in (one statement). */
async function attemptsByExam(db: Executor, userId: string) {
  const res = await db.execute<{ exam_id: string; attempts: number; open: boolean; closed: boolean }>(sql`select
      exam_id, count(*)::int as attempts, bool_or(state = ${PaperState.IN_EXAM}) as open,
      bool_or(state <> ${PaperState.IN_EXAM}) as closed
    from el_paper where user_id = ${userId} group by exam_id`);
  return res.rows.map((r) => ({ examId: r.exam_id, attempts: Number(r.attempts), open: r.open, closed: r.closed }));
}

/**
 * The questions locked for `userId` now: those of the open paper and of attempts whose review is
 * held, and every question sharing a content fingerprint with one of them. One statement for a
 * learner without attempts; else the attempts, the exam's answer on their review (when one is
 * handed in) and the lock itself.
 */
export async function sittingLock(db: Executor, userId: string): Promise<SittingLock> {
  const attempts = await attemptsByExam(db, userId);
  const handedIn = attempts.filter((a) => a.closed);
  const held = handedIn.length ? await examsForSitting().reviewHeld(db, userId, handedIn) : new Set<string>();
  if (!attempts.some((a) => a.open) && held.size === 0) return NO_LOCK;
  const heldIds = held.size
    ? sql.join(
        [...held].map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  const res = await db.execute<{ qu_id: string }>(sql`with held as (
      select pq.qu_id from el_paper p
      join el_paper_qu pq on pq.paper_id = p.id
      where p.user_id = ${userId} and (p.state = ${PaperState.IN_EXAM} or p.exam_id in (${heldIds}))
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
  const [row] = await db
    .select({ attempts: sql<number>`count(*)`.mapWith(Number) })
    .from(elPaper)
    .where(and(eq(elPaper.userId, userId), eq(elPaper.examId, examId)));
  const held = await examsForSitting().reviewHeld(db, userId, [{ examId, attempts: row?.attempts ?? 0 }]);
  return held.has(examId);
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
