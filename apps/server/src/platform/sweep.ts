/**
 * Background sweeps that work through due rows in batches (the paper deadline sweep, the timed
 * notice publication). Each batch is one transaction whose `lockDue` selects up to `batch` rows
 * with `FOR UPDATE SKIP LOCKED`, so several instances sweeping at once split the work and handle
 * each row once (PGlite runs one transaction at a time, which gives the same result).
 */
import type { Db, Tx } from './db.js';

export interface BatchSweep<Row> {
  /** Selects and locks up to `limit` due rows: `….limit(limit).for('update', { skipLocked: true })`. */
  lockDue: (tx: Tx, limit: number) => Promise<Row[]>;
  /** Handles one locked row in the batch's transaction; `false` when it did not count (already done). */
  handle: (tx: Tx, row: Row) => Promise<unknown>;
  /** Rows per transaction (20). */
  batch?: number;
  /** Batches per call at most (50), so that one call never runs unbounded. */
  maxBatches?: number;
}

/** Runs batches until one finds fewer rows than `batch`; answers how many rows counted. */
export async function sweepInBatches<Row>(db: Pick<Db, 'transaction'>, sweep: BatchSweep<Row>): Promise<number> {
  const batch = sweep.batch ?? 20;
  const maxBatches = sweep.maxBatches ?? 50;
  let counted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.transaction(async (tx) => {
      const due = await sweep.lockDue(tx, batch);
      let count = 0;
      for (const row of due) if ((await sweep.handle(tx, row)) !== false) count++;
      return { found: due.length, count };
    });
    counted += n.count;
    if (n.found < batch) break;
  }
  return counted;
}

/**
 * Runs `run` every `everyMs` in this process, never two at once (a tick that finds the previous
 * run still going is skipped); errors go to `onError`. Answers a stop function. The timer does not
 * keep the process alive.
 */
export function startSweeper(
  run: () => Promise<unknown>,
  everyMs: number,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
