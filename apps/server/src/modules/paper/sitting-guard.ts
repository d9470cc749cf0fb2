/**
 * THE sitting-learner rule (issue 10 §1): while a user has an open paper (state 0), no call reveals
 * to that user the answer, analysis, per-option correctness or right/wrong of any question in it.
 * Every learner-facing place that can reveal a key asks `sittingLock` (one indexed query: the
 * partial unique index el_paper_open_uq finds the open paper, the el_paper_qu primary key its
 * rows, composite parents and children alike) and then either leaves the key out (reads) or
 * refuses with `assertNotSitting` (calls that would answer right or wrong). Routes that return
 * question data declare `questionData: true` (platform/route.ts); the OpenAPI walker test
 * (sitting-guard.api.test.ts) holds every route to it.
 */
import { ErrorCode, PaperState } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

/** The question ids (top-level and composite children) of the user's open paper; empty when none. */
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

/** The questions locked for `userId` now (one query). */
export async function sittingLock(db: Executor, userId: string): Promise<SittingLock> {
  const rows = await db
    .select({ quId: elPaperQu.quId })
    .from(elPaper)
    .innerJoin(elPaperQu, eq(elPaperQu.paperId, elPaper.id))
    .where(and(eq(elPaper.userId, userId), eq(elPaper.state, PaperState.IN_EXAM)));
  return rows.length ? lockOf(new Set(rows.map((r) => r.quId))) : NO_LOCK;
}

export const SITTING_REFUSAL = '该题在您正在进行的考试中，交卷后才能作答练习或查看答案';

/** Refuses (20010002) a call that would tell right or wrong of a locked question; nothing is saved. */
export async function assertNotSitting(db: Executor, userId: string, quIds: string[]): Promise<void> {
  if ((await sittingLock(db, userId)).any(quIds)) throw new AppError(ErrorCode.EXAM_IN_PROGRESS, SITTING_REFUSAL);
}
