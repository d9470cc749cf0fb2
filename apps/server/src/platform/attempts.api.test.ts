/** The failed-attempt counters: atomic on PGlite and PostgreSQL, windows and clearing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { clear, failuresOf, minutesText, pruneAttempts, recordFailure, reserve } from './attempts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const rule = { scope: 'test', max: 5, windowMs: 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('reserve', () => {
  it('grants exactly max of 40 parallel reservations', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => reserve(t.db, rule, 'race', at(0))));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, retryAfterMs: 60_000 });
  });

  it('starts again once the window after the latest failure is over', async () => {
    for (let i = 0; i < 5; i++) expect((await reserve(t.db, rule, 'window', at(i * 1000))).ok).toBe(true);
    expect(await reserve(t.db, rule, 'window', at(30_000))).toEqual({ ok: false, retryAfterMs: 34_000 });
    expect(await reserve(t.db, rule, 'window', at(64_000))).toEqual({ ok: true, count: 1 });
  });

  it('clear forgets the count', async () => {
    await reserve(t.db, rule, 'clear', at(0));
    await reserve(t.db, rule, 'clear', at(0));
    await clear(t.db, rule, 'clear');
    expect(await reserve(t.db, rule, 'clear', at(0))).toEqual({ ok: true, count: 1 });
  });
});

describe('recordFailure', () => {
  it('loses no count under 30 parallel failures', async () => {
    await Promise.all(Array.from({ length: 30 }, () => recordFailure(t.db, rule, 'count', at(0))));
    expect(await failuresOf(t.db, rule, 'count', at(1000))).toBe(30);
    expect(await failuresOf(t.db, rule, 'count', at(60_000))).toBe(0);
  });
});

it('prunes rows quiet for more than a day', async () => {
  await recordFailure(t.db, rule, 'old', at(0));
  await recordFailure(t.db, rule, 'recent', at(20 * 3600_000));
  await pruneAttempts(t.db, at(25 * 3600_000));
  expect(await failuresOf(t.db, { ...rule, windowMs: 48 * 3600_000 }, 'old', at(25 * 3600_000))).toBe(0);
  expect(await failuresOf(t.db, { ...rule, windowMs: 48 * 3600_000 }, 'recent', at(25 * 3600_000))).toBe(1);
});

it('words a wait in whole minutes, at least one', () => {
  expect(minutesText(1)).toBe('1分钟');
  expect(minutesText(15 * 60_000)).toBe('15分钟');
  expect(minutesText(61_000)).toBe('2分钟');
});
