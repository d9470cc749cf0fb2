/** The review decisions of attempts, for the sitting's record list (sitting/review-decision-port.ts). */
import { REVIEW_DECISION_LABELS } from '@exam/contracts';
import { inArray } from 'drizzle-orm';
import { elProctorReview } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

export async function reviewDecisionLabels(db: Executor, paperIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ paperId: elProctorReview.paperId, decision: elProctorReview.decision })
    .from(elProctorReview)
    .where(inArray(elProctorReview.paperId, paperIds));
  return new Map(rows.map((r) => [r.paperId, REVIEW_DECISION_LABELS[r.decision] ?? '']));
}
