/**
 * The proctoring review's decision on attempts (远程监考 复核), for the administrator's record list
 * and its export: the proctor module sits above the sitting and owns the decisions, so it fills
 * this port (modules/index.ts); without it no attempt carries one.
 */
import type { Executor } from '../../platform/db.js';

/** Paper id → the decision's label (无异常, 违规警告, 作废成绩) for the attempts that have one. */
export type ReviewDecisions = (db: Executor, paperIds: string[]) => Promise<Map<string, string>>;

let source: ReviewDecisions = async () => new Map();

export function provideReviewDecisions(fn: ReviewDecisions): void {
  source = fn;
}

export function reviewDecisionsOf(db: Executor, paperIds: string[]): Promise<Map<string, string>> {
  return paperIds.length === 0 ? Promise.resolve(new Map()) : source(db, paperIds);
}
