/**
 * The one writer of el_qu_stat (measured difficulty and discrimination) and its readers. Modules
 * above repo compute the figures from the sources they may read (attempts through the sitting's
 * reads, practice from train) in their event consumers and hand them here: repo owns the numbers
 * but knows nothing of attempts. Rules: qu-stats-rules.ts.
 */
import { inArray, sql } from 'drizzle-orm';
import { elQuStat } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { type ItemFigures, itemStat } from './qu-stats-rules.js';

/** Stores the statistics of the given questions from their figures (recomputed whole: idempotent). */
export async function writeQuStats(db: Executor, figures: ItemFigures[], now: Date): Promise<void> {
  if (figures.length === 0) return;
  // In key order, so that two deliveries touching the same questions lock them in the same order.
  const rows = figures
    .map(itemStat)
    .sort((a, b) => (a.quId < b.quId ? -1 : a.quId > b.quId ? 1 : 0))
    .map((s) => ({
      quId: s.quId,
      answers: s.answers,
      practiceAnswers: s.practiceAnswers,
      examScore: s.examScore,
      practiceScore: s.practiceScore,
      fullCount: s.fullCount,
      zeroCount: s.zeroCount,
      difficulty: s.difficulty,
      discrimination: s.discrimination,
      updatedAt: now,
    }));
  await db
    .insert(elQuStat)
    .values(rows)
    .onConflictDoUpdate({
      target: elQuStat.quId,
      set: {
        answers: sql`excluded.answers`,
        practiceAnswers: sql`excluded.practice_answers`,
        examScore: sql`excluded.exam_score`,
        practiceScore: sql`excluded.practice_score`,
        fullCount: sql`excluded.full_count`,
        zeroCount: sql`excluded.zero_count`,
        difficulty: sql`excluded.difficulty`,
        discrimination: sql`excluded.discrimination`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The stored statistics of the given questions. */
export async function quStatsOf(db: Executor, quIds: string[]) {
  if (quIds.length === 0) return [];
  return db.select().from(elQuStat).where(inArray(elQuStat.quId, quIds));
}
