import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tx } from './db.js';
import { startSweeper, sweepInBatches } from './sweep.js';

/** A stand-in database whose transactions record how many were opened. */
function fakeDb() {
  const state = { transactions: 0 };
  const db = {
    transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
      state.transactions++;
      return fn({} as Tx);
    },
  };
  return { db: db as never, state };
}

describe('sweepInBatches', () => {
  it('takes batches until one is short and counts the handled rows', async () => {
    const { db, state } = fakeDb();
    const due = Array.from({ length: 45 }, (_, i) => i);
    const limits: number[] = [];
    const handled: number[] = [];
    const n = await sweepInBatches(db, {
      batch: 20,
      lockDue: async (_tx, limit) => {
        limits.push(limit);
        return due.splice(0, limit);
      },
      handle: async (_tx, row) => {
        handled.push(row);
      },
    });
    expect(n).toBe(45);
    expect(limits).toEqual([20, 20, 20]);
    expect(state.transactions).toBe(3);
    expect(handled).toEqual(Array.from({ length: 45 }, (_, i) => i));
  });

  it('does not count rows the handler reports as not done', async () => {
    const { db } = fakeDb();
    const due = [1, 2, 3, 4];
    const n = await sweepInBatches(db, {
      lockDue: async (_tx, limit) => due.splice(0, limit),
      handle: async (_tx, row) => row % 2 === 0,
    });
    expect(n).toBe(2);
  });

  it('stops after maxBatches even when rows remain', async () => {
    const { db, state } = fakeDb();
    const n = await sweepInBatches(db, {
      batch: 2,
      maxBatches: 3,
      lockDue: async () => ['a', 'b'],
      handle: async () => true,
    });
    expect(n).toBe(6);
    expect(state.transactions).toBe(3);
  });

  it('opens one transaction and counts nothing when nothing is due', async () => {
    const { db, state } = fakeDb();
    const n = await sweepInBatches(db, { lockDue: async () => [], handle: async () => true });
    expect(n).toBe(0);
    expect(state.transactions).toBe(1);
  });
});

describe('startSweeper', () => {
  afterEach(() => vi.useRealTimers());

  it('runs on every tick, skips a tick while the previous run is still going, and reports errors', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let runs = 0;
    const errors: unknown[] = [];
    const run = () => {
      runs++;
      if (runs === 1) return new Promise<void>((resolve) => (release = resolve));
      return Promise.reject(new Error('boom'));
    };
    const stop = startSweeper(run, 1000, (err) => errors.push(err));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000); // the first run is still going: skipped
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('boom');
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
