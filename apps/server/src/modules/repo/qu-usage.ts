/**
 * Whether questions or banks are used by a published exam; deleting them is then refused. Soft
 * delete keeps every question for the papers that already hold it, whatever this answers. A port:
 * exams and paper templates sit above the bank, so the exam module hands in the answer at start
 * (modules/index.ts, exam/content-usage.ts) and repo reads neither table.
 */
import type { Executor } from '../../platform/db.js';

export type UsageCheck = (db: Executor, ids: string[]) => Promise<string[]>;

let questions: UsageCheck | null = null;
let repos: UsageCheck | null = null;

/** Called once at start by modules/index.ts. */
export function provideUsageCheck(check: { questions: UsageCheck; repos: UsageCheck }): void {
  questions = check.questions;
  repos = check.repos;
}

/** Ids among `quIds` (top-level questions) that a published exam uses. Throws while no check was handed in. */
export function isQuestionInUse(db: Executor, quIds: string[]): Promise<string[]> {
  if (!questions) throw new Error('question usage check not provided');
  return questions(db, quIds);
}

/** Ids among `repoIds` that a published exam draws from. Throws while no check was handed in. */
export function isRepoInUse(db: Executor, repoIds: string[]): Promise<string[]> {
  if (!repos) throw new Error('bank usage check not provided');
  return repos(db, repoIds);
}
