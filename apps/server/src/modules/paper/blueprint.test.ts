import { describe, expect, it } from 'vitest';
import {
  assignCells,
  drawForms,
  drawFormsWithin,
  formOfLearner,
  overlapLimit,
  type PoolEntry,
  worstPair,
} from './blueprint.js';

/** A seeded generator, so that a failing case can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pool = (spec: [prefix: string, n: number, cells: number[]][]): PoolEntry[] =>
  spec.flatMap(([p, n, cells]) => Array.from({ length: n }, (_, i) => ({ id: `${p}${i}`, cells })));

describe('assignCells', () => {
  it('fills every cell exactly from its own questions', () => {
    const p = pool([
      ['a', 10, [0]],
      ['b', 10, [1]],
    ]);
    const a = assignCells([{ count: 3 }, { count: 5 }], p, rng(1));
    expect(a.picks[0]).toHaveLength(3);
    expect(a.picks[1]).toHaveLength(5);
    expect(a.picks[0].every((id) => id.startsWith('a'))).toBe(true);
    expect(a.picks[1].every((id) => id.startsWith('b'))).toBe(true);
    expect(a.short).toEqual([0, 0]);
    expect(a.available).toEqual([10, 10]);
  });

  it('reports the shortfall per cell', () => {
    const p = pool([
      ['a', 2, [0]],
      ['b', 9, [1]],
    ]);
    const a = assignCells([{ count: 5 }, { count: 4 }, { count: 1 }], p, rng(2));
    expect(a.short).toEqual([3, 0, 1]);
    expect(a.available).toEqual([2, 9, 0]);
  });

  it('counts a question shared by two cells in one of them only, and moves it where it is needed', () => {
    // s0..s2 fall under both cells; cell 1 has nothing else. A greedy draw giving the shared ones
    // to cell 0 would leave cell 1 short; the assignment must find the way.
    const p = pool([
      ['s', 3, [0, 1]],
      ['a', 2, [0]],
    ]);
    for (let seed = 0; seed < 50; seed++) {
      const a = assignCells([{ count: 2 }, { count: 3 }], p, rng(seed));
      expect(a.short).toEqual([0, 0]);
      const all = a.picks.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(a.picks[1].every((id) => id.startsWith('s'))).toBe(true);
    }
  });

  it('reports the least total shortfall when shared questions cannot serve every cell', () => {
    const p = pool([['s', 3, [0, 1]]]);
    const a = assignCells([{ count: 2 }, { count: 2 }], p, rng(3));
    expect(a.available).toEqual([3, 3]);
    expect(a.short[0] + a.short[1]).toBe(1);
  });

  it('draws differently from draw to draw while meeting the blueprint', () => {
    const p = pool([['a', 30, [0]]]);
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++)
      for (const id of assignCells([{ count: 5 }], p, rng(seed)).picks[0]) seen.add(id);
    expect(seen.size).toBeGreaterThan(20);
  });
});

describe('drawForms', () => {
  it('makes forms without common questions when the pool is large enough', () => {
    const p = pool([
      ['a', 12, [0]],
      ['b', 9, [1]],
    ]);
    const r = drawForms([{ count: 4 }, { count: 3 }], p, 3, rng(4));
    expect(r.short.flat().every((s) => s === 0)).toBe(true);
    expect(worstPair(r.overlap)[2]).toBe(0);
  });

  it('reuses as few questions as the pool allows', () => {
    // 6 questions, forms of 4: two forms must share at least 2.
    const p = pool([['a', 6, [0]]]);
    const r = drawForms([{ count: 4 }], p, 2, rng(5));
    expect(r.overlap[0][1]).toBe(2);
    expect(r.forms.every((f) => f[0].length === 4)).toBe(true);
  });

  it('keeps every form on the blueprint with shared questions between cells', () => {
    const p = pool([
      ['s', 6, [0, 1]],
      ['a', 6, [0]],
    ]);
    const r = drawForms([{ count: 3 }, { count: 3 }], p, 2, rng(6));
    expect(r.short).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(r.overlap[0][1]).toBe(0);
  });
});

describe('bounds and learners', () => {
  it('rounds the shared share down', () => {
    expect(overlapLimit(10, 0.2)).toBe(2);
    expect(overlapLimit(7, 0.3)).toBe(2);
    expect(overlapLimit(10, 0)).toBe(0);
  });

  it('gives a learner the same form every time and spreads learners over the forms', () => {
    expect(formOfLearner('u-1', 3)).toBe(formOfLearner('u-1', 3));
    const counts = [0, 0, 0];
    for (let i = 0; i < 300; i++) counts[formOfLearner(`learner-${i}`, 3)]++;
    expect(Math.min(...counts)).toBeGreaterThan(60);
  });
});

describe('drawFormsWithin', () => {
  it('spreads the reused questions so that no pair of forms shares more than it must', () => {
    // 4 questions, 3 forms of 2: the third form must reuse 2; one from A and one from B keeps every pair at 1.
    const p = pool([['a', 4, [0]]]);
    for (let seed = 0; seed < 20; seed++) {
      const r = drawFormsWithin([{ count: 2 }], p, 3, 1, 30, rng(seed));
      expect(worstPair(r.overlap)[2]).toBeLessThanOrEqual(1);
    }
  });
});
