/** issue 21 §3: items are arranged uniformly over all orders, and the bank's views show one fixed order. */
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
    expectUniform(
      count(() => viewOrder(ITEMS, `user-${i}`, `qu-${i++ % 7}`), 24_000),
      24_000,
    );
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
