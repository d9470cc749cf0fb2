/**
 * Weakest-points practice (薄弱知识点): the bank's questions of the learner's weakest knowledge
 * points. The points are taken weakest first, skipping those without a question in this bank,
 * until WEAK_POINTS_PRACTISED have questions: a session about a few points is practice with a
 * focus, one about every point below average would just be random practice again. The pool comes
 * from the start (the bank's live questions minus those the sitting guard locks), so nothing here
 * widens what a learner may be shown.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { elKnowledgePoint, elKpMastery, elQuKnowledge } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { pointsOfPath, WEAK_POINTS_PRACTISED } from './mastery-rules.js';

export async function weakQuestionIds(db: Executor, userId: string, poolIds: string[]): Promise<Set<string>> {
  if (poolIds.length === 0) return new Set();
  const weakest = await db
    .select({ kpId: elKpMastery.kpId })
    .from(elKpMastery)
    .where(eq(elKpMastery.userId, userId))
    .orderBy(asc(elKpMastery.mastery), asc(elKpMastery.kpId));
  if (weakest.length === 0) return new Set();
  const tagged = await db
    .select({ quId: elQuKnowledge.quId, path: elKnowledgePoint.path })
    .from(elQuKnowledge)
    .innerJoin(elKnowledgePoint, eq(elKnowledgePoint.id, elQuKnowledge.kpId))
    .where(inArray(elQuKnowledge.quId, poolIds));
  const byPoint = new Map<string, Set<string>>();
  for (const t of tagged)
    for (const p of pointsOfPath(t.path)) byPoint.set(p, (byPoint.get(p) ?? new Set()).add(t.quId));
  const out = new Set<string>();
  let points = 0;
  for (const { kpId } of weakest) {
    const qs = byPoint.get(kpId);
    if (!qs?.size) continue;
    for (const q of qs) out.add(q);
    if (++points >= WEAK_POINTS_PRACTISED) break;
  }
  return out;
}
