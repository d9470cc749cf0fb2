/**
 * Keeps the measured item statistics (repo's el_qu_stat) current by events, touching only the
 * questions of each event: a finished paper (paper.marked, also after a regrade that changed it)
 * recomputes the questions of that paper (a voided one takes its answers out), a practice answer the questions answered. Each question
 * is recomputed whole from its source rows (attempts through the sitting's reads, practice from
 * train's own table), so a retried delivery or a regrade leaves exactly the right figures. It lives
 * in train because train stands above both sources and repo, which stores the result.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { elTrainQu } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../platform/events/index.js';
import { writeQuStats } from '../repo/qu-stats.js';
import type { ItemFigures } from '../repo/qu-stats-rules.js';
import { examItemFigures, questionIdsOfPapers } from '../sitting/reads/item-stats.js';

/** Practice figures per question: marked answers (right/wrong known) and their score shares. */
async function practiceFigures(db: Executor, quIds: string[]) {
  return db
    .select({
      quId: elTrainQu.quId,
      practiceAnswers: sql<number>`count(*)::int`,
      practiceScore: sql<number>`coalesce(sum(${elTrainQu.score}), 0)::float8`,
      fullCount: sql<number>`count(*) filter (where ${elTrainQu.score} >= 1)::int`,
      zeroCount: sql<number>`count(*) filter (where ${elTrainQu.score} <= 0)::int`,
    })
    .from(elTrainQu)
    .where(and(inArray(elTrainQu.quId, quIds), isNotNull(elTrainQu.answeredAt), isNotNull(elTrainQu.isRight)))
    .groupBy(elTrainQu.quId);
}

/** Recomputes the statistics of the given questions from their source rows. */
export async function recomputeQuStats(db: Executor, quIds: string[], now: Date): Promise<void> {
  const ids = [...new Set(quIds)];
  if (ids.length === 0) return;
  const [exam, practice] = [await examItemFigures(db, ids), await practiceFigures(db, ids)];
  const byId = new Map<string, ItemFigures>(
    ids.map((quId) => [
      quId,
      {
        quId,
        answers: 0,
        examScore: 0,
        correlation: null,
        practiceAnswers: 0,
        practiceScore: 0,
        fullCount: 0,
        zeroCount: 0,
      },
    ]),
  );
  for (const e of exam) {
    const f = byId.get(e.quId) as ItemFigures;
    Object.assign(f, { answers: e.answers, examScore: e.examScore, correlation: e.correlation });
    f.fullCount += e.fullCount;
    f.zeroCount += e.zeroCount;
  }
  for (const p of practice) {
    const f = byId.get(p.quId) as ItemFigures;
    Object.assign(f, { practiceAnswers: p.practiceAnswers, practiceScore: p.practiceScore });
    f.fullCount += p.fullCount;
    f.zeroCount += p.zeroCount;
  }
  await writeQuStats(db, [...byId.values()], now);
}

type StatEvent = DomainEvent<'paper.marked' | 'paper.voided' | 'practice.answered'>;

/** The questions an event touches. */
async function questionsOf(db: Executor, events: StatEvent[]): Promise<string[]> {
  const papers = events.flatMap((e) => (e.name === 'practice.answered' ? [] : [e.payload.paperId]));
  const practised = events.flatMap((e) => (e.name === 'practice.answered' ? e.payload.quIds : []));
  return [...(await questionIdsOfPapers(db, papers)), ...practised];
}

export const quStatsConsumer = defineConsumer({
  name: 'train.qu-stats',
  events: ['paper.marked', 'paper.voided', 'practice.answered'],
  handle: async (event, db) => recomputeQuStats(db, await questionsOf(db, [event]), event.createdAt),
});
