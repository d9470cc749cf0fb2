/**
 * Keeps el_kp_mastery current by events: a finished paper (paper.marked, also after a regrade;
 * paper.voided takes it out) or marked practice answers recompute the learner's mastery of the
 * knowledge points of those questions and of their ancestors (a point's subtree counts for it),
 * from the learner's answers on those points' questions only: attempts through the sitting's
 * reads, practice from train's own rows. Recomputing whole makes a retry or a regrade exact.
 */
import { and, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { elKnowledgePoint, elKpMastery, elQuKnowledge, elTrain, elTrainQu } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../../platform/events/index.js';
import { escapeLike } from '../../../platform/like.js';
import { examAnswersOf, questionIdsOfPapers } from '../../sitting/reads/item-stats.js';
import { EXAM_WEIGHT, masteryOf, PRACTICE_WEIGHT, pointsOfPath, type ScoredAnswer } from './mastery-rules.js';

/** The points (with ancestors) the given questions are tagged with. */
async function pointsOfQuestions(db: Executor, quIds: string[]): Promise<string[]> {
  if (quIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ path: elKnowledgePoint.path })
    .from(elQuKnowledge)
    .innerJoin(elKnowledgePoint, eq(elKnowledgePoint.id, elQuKnowledge.kpId))
    .where(inArray(elQuKnowledge.quId, quIds));
  return [...new Set(rows.flatMap((r) => pointsOfPath(r.path)))];
}

/** For each question tagged within the points' subtrees: the given points it counts for. */
async function questionsOfPoints(db: Executor, kpIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (kpIds.length === 0) return out;
  const wanted = new Set(kpIds);
  const rows = await db
    .select({ quId: elQuKnowledge.quId, path: elKnowledgePoint.path })
    .from(elQuKnowledge)
    .innerJoin(elKnowledgePoint, eq(elKnowledgePoint.id, elQuKnowledge.kpId))
    .where(or(...kpIds.map((id) => like(elKnowledgePoint.path, `%/${escapeLike(id)}/%`))));
  for (const r of rows) {
    const set = out.get(r.quId) ?? new Set<string>();
    for (const p of pointsOfPath(r.path)) if (wanted.has(p)) set.add(p);
    out.set(r.quId, set);
  }
  return out;
}

/** The learner's marked practice answers on the given questions. */
async function practiceAnswersOf(db: Executor, userId: string, quIds: string[]) {
  if (quIds.length === 0) return [];
  return db
    .select({ quId: elTrainQu.quId, share: elTrainQu.score, at: elTrainQu.answeredAt })
    .from(elTrainQu)
    .innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId))
    .where(
      and(
        eq(elTrain.userId, userId),
        inArray(elTrainQu.quId, quIds),
        isNotNull(elTrainQu.answeredAt),
        isNotNull(elTrainQu.isRight),
      ),
    );
}

/** Recomputes the learner's mastery of the points of the given questions (and their ancestors). */
export async function recomputeMastery(db: Executor, userId: string, quIds: string[], now: Date): Promise<void> {
  const points = (await pointsOfQuestions(db, [...new Set(quIds)])).sort();
  if (points.length === 0) return;
  const counted = await questionsOfPoints(db, points);
  const ids = [...counted.keys()];
  const answers: { quId: string; a: ScoredAnswer }[] = [
    ...(await examAnswersOf(db, userId, ids)).map((r) => ({
      quId: r.quId,
      a: { share: r.share, at: r.at, weight: EXAM_WEIGHT },
    })),
    ...(await practiceAnswersOf(db, userId, ids)).map((r) => ({
      quId: r.quId,
      a: { share: r.share, at: r.at as Date, weight: PRACTICE_WEIGHT },
    })),
  ];
  const byPoint = new Map<string, ScoredAnswer[]>(points.map((p) => [p, []]));
  for (const { quId, a } of answers) for (const p of counted.get(quId) ?? []) byPoint.get(p)?.push(a);
  const rows = [];
  const none: string[] = [];
  for (const [kpId, list] of byPoint) {
    const m = masteryOf(list);
    if (m) rows.push({ userId, kpId, ...m, updatedAt: now });
    else none.push(kpId);
  }
  if (none.length)
    await db.delete(elKpMastery).where(and(eq(elKpMastery.userId, userId), inArray(elKpMastery.kpId, none)));
  if (rows.length)
    await db
      .insert(elKpMastery)
      .values(rows)
      .onConflictDoUpdate({
        target: [elKpMastery.userId, elKpMastery.kpId],
        set: {
          mastery: sql`excluded.mastery`,
          weight: sql`excluded.weight`,
          answers: sql`excluded.answers`,
          lastAt: sql`excluded.last_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
}

type MasteryEvent = DomainEvent<'paper.marked' | 'paper.voided' | 'practice.answered'>;

async function questionsOf(db: Executor, event: MasteryEvent): Promise<string[]> {
  return event.name === 'practice.answered' ? event.payload.quIds : questionIdsOfPapers(db, [event.payload.paperId]);
}

export const masteryConsumer = defineConsumer({
  name: 'train.mastery',
  events: ['paper.marked', 'paper.voided', 'practice.answered'],
  handle: async (event, db) =>
    recomputeMastery(db, event.payload.userId, await questionsOf(db, event), event.createdAt),
});
