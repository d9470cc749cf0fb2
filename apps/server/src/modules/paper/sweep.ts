/**
 * The deadline sweep (DESIGN 6): hands in papers past their deadline even when the browser is
 * gone. Each batch locks its papers with FOR UPDATE SKIP LOCKED, so several instances sweeping at
 * once split the work and hand each paper in exactly once (PGlite runs one transaction at a time,
 * which gives the same result).
 */
import { HandKind, PaperState } from '@exam/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import { elPaper } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { handInTx } from './hand-in.js';

const BATCH = 20;

/** Hands in every paper whose deadline has passed; answers how many this call handed in. */
export async function sweepOverduePapers(db: Db, now: Date, maxBatches = 50): Promise<number> {
  let handed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: elPaper.id })
        .from(elPaper)
        .where(and(eq(elPaper.state, PaperState.IN_EXAM), lte(elPaper.deadline, now)))
        .orderBy(asc(elPaper.deadline))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const d of due) if ((await handInTx(tx, d.id, now, HandKind.DEADLINE)).handedNow) count++;
      return { found: due.length, count };
    });
    handed += n.count;
    if (n.found < BATCH) break;
  }
  return handed;
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
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOverduePapers(deps.db, deps.clock())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
