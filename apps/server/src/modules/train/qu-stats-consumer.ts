/**
 * Keeps the measured item statistics (repo's el_qu_stat) current by events, touching only the
 * questions of each event: a finished paper (paper.marked, also after a regrade that changed it)
 * marks the questions of that paper due (a voided one takes its answers out), a practice answer the
 * questions answered; the sweep (every 30 s in each process) recomputes every due question once,
 * however many papers touched it meanwhile. Each question is recomputed whole from its source rows
 * (attempts through the sitting's reads, practice from train's own table), so a retried delivery or
 * a regrade leaves exactly the right figures. It lives in train because train stands above both
 * sources and repo, which stores the result.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { elQuStatDue, elTrainQu } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { type DomainEvent, defineConsumer } from '../../platform/events/index.js';
import { startSweeper } from '../../platform/sweep.js';
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

/** Marks questions due for a recompute (one statement; a question already due stays as it is). */
export async function markStatsDue(db: Executor, quIds: string[], now: Date): Promise<void> {
  const ids = [...new Set(quIds)].sort();
  if (ids.length === 0) return;
  await db
    .insert(elQuStatDue)
    .values(ids.map((quId) => ({ quId, markedAt: now })))
    .onConflictDoNothing();
}

/**
 * Questions recomputed per transaction of the sweep: the embedded database has one connection,
 * which a batch holds while it counts every answer of its questions; saves get it in between.
 */
const DUE_BATCH = 50;

/**
 * Recomputes the due questions, oldest first, in batches: each batch takes its questions off the
 * list and writes their figures in one transaction (a crash leaves them due). Several processes
 * share the list (SKIP LOCKED). A question marked again while its batch runs is due again after it.
 */
export async function recomputeDueQuStats(db: Db, now: Date, maxBatches = 50): Promise<number> {
  let done = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.transaction(async (tx) => {
      const due = await tx.execute<{ qu_id: string }>(sql`delete from ${elQuStatDue}
        where qu_id in (select qu_id from ${elQuStatDue} order by marked_at, qu_id limit ${DUE_BATCH} for update skip locked)
        returning qu_id`);
      await recomputeQuStats(
        tx,
        due.rows.map((r) => r.qu_id),
        now,
      );
      return due.rows.length;
    });
    done += n;
    if (n < DUE_BATCH) break;
  }
  return done;
}

/** Starts this process's statistics sweep; answers a stop function. */
export function startQuStatsSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  everyMs = 30_000,
  onError: (err: unknown) => void = (err) => console.error('试题统计更新任务失败', err),
): () => void {
  return startSweeper(() => recomputeDueQuStats(deps.db, deps.clock()), everyMs, onError);
}

export const quStatsConsumer = defineConsumer({
  name: 'train.qu-stats',
  events: ['paper.marked', 'paper.voided', 'practice.answered'],
  handle: async (event, db) => markStatsDue(db, await questionsOf(db, [event]), event.createdAt),
  handleBatch: async (events, db) =>
    markStatsDue(db, await questionsOf(db, events), events[events.length - 1].createdAt),
});
