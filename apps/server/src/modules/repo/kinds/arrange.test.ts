/** Items are arranged uniformly over all orders, and the bank's views show one fixed order. */
import { describe, expect, it } from 'vitest';
import { DEV_VIEW_ORDER_SECRET, viewOrderSecret } from '../../../platform/config.js';
import { normaliseQuestion } from '../qu-rules.js';
import { arrange, viewOrder } from './arrange.js';
import { ordering } from './ordering/index.js';

const ITEMS = ['a', 'b', 'c', 'd'];
const count = (draw: () => string[], n: number) => {
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = draw().join('');
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return seen;
};

/**
 * Pearson's chi-square of the 24 counts against n / 24. With 23 degrees of freedom a uniform draw
 * exceeds 70 with probability about 1e-6; the draws below are seeded by fixed ids, so the figure is
 * the same at every run (no flaky test), and a repeated or biased order lands far above it.
 */
function chiSquare(seen: Map<string, number>, n: number): number {
  const e = n / 24;
  let x = 0;
  for (const c of seen.values()) x += (c - e) ** 2 / e;
  return x + (24 - seen.size) * e; // orders never drawn
}
const CHI2_BOUND = 70;

/** Every one of the 24 orders within a loose band around n / 24 (a biased or identity-free draw fails). */
function expectUniform(seen: Map<string, number>, n: number) {
  expect(seen.size).toBe(24);
  expect(seen.has('abcd')).toBe(true);
  for (const c of seen.values()) {
    expect(c).toBeGreaterThan((n / 24) * 0.7);
    expect(c).toBeLessThan((n / 24) * 1.3);
  }
}

describe('arrange (paper draws)', () => {
  it('is uniform over all 24 orders of 4 items, the identity included', () => {
    expectUniform(
      count(() => arrange(ITEMS), 24_000),
      24_000,
    );
  });

  it('shows a 2-item ordering question in the right order about half the time, not always reversed', () => {
    const q = normaliseQuestion({
      type: 7,
      level: 1,
      content: '排序',
      options: ['先', '后'].map((content) => ({ key: '', content, isRight: false })),
      answer: {},
    });
    let identity = 0;
    for (let i = 0; i < 400; i++) {
      const s = ordering.snapshot(q.options, q.answer, false);
      if (s.options[0].content === '先') identity++;
    }
    expect(identity).toBeGreaterThan(140);
    expect(identity).toBeLessThan(260);
  });
});

describe('viewOrder (the bank views)', () => {
  it('is one fixed order per viewer and question', () => {
    expect(viewOrder(ITEMS, 'u1', 'q1')).toEqual(viewOrder(ITEMS, 'u1', 'q1'));
    const forOthers = new Set(Array.from({ length: 50 }, (_, i) => viewOrder(ITEMS, `u${i}`, 'q1').join('')));
    expect(forOthers.size).toBeGreaterThan(10);
  });

  it('is uniform over all orders across viewers and questions, the identity included', () => {
    let i = 0;
    const seen = count(() => viewOrder(ITEMS, `user-${i}`, `qu-${i++ % 7}`), 24_000);
    expectUniform(seen, 24_000);
    expect(chiSquare(seen, 24_000)).toBeLessThan(CHI2_BOUND);
  });
});

describe('viewOrder of practice sessions and mock papers', () => {
  const n = 24 * 200;
  // The key's order (stored order) at most four standard deviations above n / 24.
  const keyBound = n / 24 + 4 * Math.sqrt((n * (1 / 24) * 23) / 24);

  it("one learner's many sessions: each of the 24 orders near 1/24, the key's order no more often", () => {
    let i = 0;
    const seen = count(() => viewOrder(ITEMS, 'learner-1', 'qu-1', `train-${i++}`), n);
    expectUniform(seen, n);
    expect(chiSquare(seen, n)).toBeLessThan(CHI2_BOUND);
    expect(seen.get('abcd') ?? 0).toBeLessThan(keyBound);
  });

  it('many learners, each in many sessions of one question: uniform, the key no more often', () => {
    let i = 0;
    const seen = count(() => viewOrder(ITEMS, `learner-${i % 60}`, 'qu-1', `train-${Math.floor(i++ / 60)}`), n);
    expect(chiSquare(seen, n)).toBeLessThan(CHI2_BOUND);
    expect(seen.get('abcd') ?? 0).toBeLessThan(keyBound);
  });

  it('is fixed within a session (a second call shows nothing new) and differs between sessions', () => {
    expect(viewOrder(ITEMS, 'u1', 'q1', 't1')).toEqual(viewOrder(ITEMS, 'u1', 'q1', 't1'));
    const orders = new Set(Array.from({ length: 48 }, (_, k) => viewOrder(ITEMS, 'u1', 'q1', `t${k}`).join('')));
    expect(orders.size).toBeGreaterThan(12);
  });

  it('the chi-square bound refuses one repeated order', () => {
    expect(
      chiSquare(
        count(() => ITEMS, n),
        n,
      ),
    ).toBeGreaterThan(CHI2_BOUND);
  });
});

describe('VIEW_ORDER_SECRET (platform/config.ts)', () => {
  it('is the variable when set, a fixed key in development, a random key per process in production', () => {
    expect(viewOrderSecret({ VIEW_ORDER_SECRET: ' s3cret ' })).toBe('s3cret');
    expect(viewOrderSecret({ NODE_ENV: 'test' })).toBe(DEV_VIEW_ORDER_SECRET);
    const prod = viewOrderSecret({ NODE_ENV: 'production' });
    expect(prod).not.toBe(DEV_VIEW_ORDER_SECRET);
    expect(prod).toMatch(/^[0-9a-f]{64}$/);
    expect(viewOrderSecret({ NODE_ENV: 'production' })).toBe(prod);
  });
});
