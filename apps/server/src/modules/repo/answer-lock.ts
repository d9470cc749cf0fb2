/**
 * The bank's port for the sitting guard. Whether a learner may see a question's key depends first
 * on the paper they are sitting now, a rule of the sitting module (sitting/sitting-guard.ts), which
 * stands above the bank: paper builds on questions, so the bank may not import it. The bank asks
 * through this port and modules/index.ts hands in paper's `sittingLock` at start. Only the question
 * reader (question-reader.ts) asks it; every learner-facing caller goes through the reader.
 */
import type { Executor } from '../../platform/db.js';

/** The questions whose key must stay hidden from one user now. */
export interface AnswerLock {
  /** The locked question ids (top-level and composite children, copies by fingerprint). */
  readonly ids: ReadonlySet<string>;
  has(quId: string): boolean;
  /** Whether any of these questions is locked. */
  any(quIds: Iterable<string>): boolean;
}

/** The refusal (20010002) of a call that would tell the key of a locked question. */
export const SITTING_REFUSAL = '该题在您正在进行的考试中，交卷后才能作答练习或查看答案';

export type AnswerLockSource = (db: Executor, userId: string) => Promise<AnswerLock>;

let source: AnswerLockSource | null = null;

/** Called once at start by modules/index.ts with paper's `sittingLock`. */
export function provideAnswerLock(lockOf: AnswerLockSource): void {
  source = lockOf;
}

/** The lock of `userId` now. Throws while nothing was handed in: an unwired guard must never read as "nothing locked". */
export async function answerLock(db: Executor, userId: string): Promise<AnswerLock> {
  if (!source) throw new Error('answer-lock: no sitting guard was provided (modules/index.ts)');
  return source(db, userId);
}

/**
 * Whether `userId` handed in (state 1 or 2) a paper holding question `topId` whose exam shows the
 * key now (answers after hand-in, or the exam closed or its window ended). Papers are paper's and
 * exams exam's, both above the bank: exam's `keyReviewed` is handed in by modules/index.ts.
 */
export type KeyReviewedSource = (db: Executor, userId: string, topId: string) => Promise<boolean>;

let reviewed: KeyReviewedSource | null = null;

/** Called once at load by modules/index.ts with exam's `keyReviewed`. */
export function provideKeyReviewed(source: KeyReviewedSource): void {
  reviewed = source;
}

/** Throws while nothing was handed in: an unwired check must never read as "reviewed" or "not". */
export async function keyReviewed(db: Executor, userId: string, topId: string): Promise<boolean> {
  if (!reviewed) throw new Error('answer-lock: no key-reviewed check was provided (modules/index.ts)');
  return reviewed(db, userId, topId);
}
