/**
 * The bank's port for the sitting guard. Whether a learner may see a question's key depends first
 * on the paper they are sitting now, a rule of the paper module (paper/sitting-guard.ts), which
 * stands above the bank: paper builds on questions, so the bank may not import it. The bank asks
 * through this port and modules/index.ts hands in paper's `sittingLock` at start.
 */
import type { Executor } from '../../platform/db.js';

/** The questions whose key must stay hidden from one user now. */
export interface AnswerLock {
  has(quId: string): boolean;
}

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
