/**
 * The deadline sweep (DESIGN 6): hands in papers past their deadline even when the browser is
 * gone, in batches locked with FOR UPDATE SKIP LOCKED (platform/sweep.ts), so several instances
 * sweeping at once hand each paper in exactly once.
 */
import { HandKind, PaperState } from '@exam/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import { elPaper } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { startSweeper, sweepInBatches } from '../../platform/sweep.js';
import { handInTx } from './hand-in.js';

/** Hands in every paper whose deadline has passed; answers how many this call handed in. */
export function sweepOverduePapers(db: Db, now: Date, maxBatches = 50): Promise<number> {
  return sweepInBatches(db, {
    maxBatches,
    lockDue: (tx, limit) =>
      tx
        .select({ id: elPaper.id })
        .from(elPaper)
        .where(and(eq(elPaper.state, PaperState.IN_EXAM), lte(elPaper.deadline, now)))
        .orderBy(asc(elPaper.deadline))
        .limit(limit)
        .for('update', { skipLocked: true }),
    handle: async (tx, d) => (await handInTx(tx, d.id, now, HandKind.DEADLINE)).handedNow,
  });
}

/**
 * Starts the periodic sweep of this process (every `everyMs`, 10 s by default) and answers a stop
 * function. Wired from main.ts; tests call `sweepOverduePapers` directly.
 */
export function startPaperSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  everyMs = 10_000,
  onError: (err: unknown) => void = (err) => console.error('试卷到时交卷任务失败', err),
): () => void {
  return startSweeper(() => sweepOverduePapers(deps.db, deps.clock()), everyMs, onError);
}
