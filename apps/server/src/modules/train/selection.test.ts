import { describe, expect, it } from 'vitest';
import {
  MAX_SESSION_SIZE,
  MOCK_DEFAULT_COUNT,
  selectDue,
  selectQuestions,
  sequentialStart,
  shuffle,
  TrainMode,
} from './selection.js';

const pool = [
  { id: 'q1', type: 1 },
  { id: 'q2', type: 2 },
  { id: 'q3', type: 1 },
  { id: 'q4', type: 3 },
  { id: 'q5', type: 5 },
];
/** A seeded generator (mulberry32) so that random modes are reproducible. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sequential (1)', () => {
  it('starts at the first question without progress', () => {
    expect(selectQuestions(TrainMode.SEQUENTIAL, pool)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
  });
  it('resumes after the question answered last, with the whole bank (counts equal the bank)', () => {
    expect(selectQuestions(TrainMode.SEQUENTIAL, pool, { lastQuId: 'q2' })).toEqual(['q3', 'q4', 'q5', 'q1', 'q2']);
    expect(selectQuestions(TrainMode.SEQUENTIAL, pool, { lastQuId: 'q4' })).toHaveLength(pool.length);
  });
  it('starts over after the last question, or when the last one is gone', () => {
    expect(sequentialStart(pool, 'q5')).toBe(0);
    expect(sequentialStart(pool, 'deleted')).toBe(0);
  });
});

describe('random (2) and mock (6)', () => {
  it('shuffles every question once, with a count limit', () => {
    const ids = selectQuestions(TrainMode.RANDOM, pool, { random: seeded(1) });
    expect([...ids].sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(selectQuestions(TrainMode.RANDOM, pool, { count: 2, random: seeded(1) })).toHaveLength(2);
  });
  it('differs between seeds (is random)', () => {
    const orders = new Set(
      [1, 2, 3, 4, 5].map((s) => selectQuestions(TrainMode.RANDOM, pool, { random: seeded(s) }).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
  it('mock draws the default count', () => {
    const big = Array.from({ length: 50 }, (_, i) => ({ id: `b${i}`, type: 1 }));
    const ids = selectQuestions(TrainMode.MOCK, big, { random: seeded(7) });
    expect(ids).toHaveLength(MOCK_DEFAULT_COUNT);
    expect(new Set(ids).size).toBe(MOCK_DEFAULT_COUNT);
    expect(selectQuestions(TrainMode.MOCK, big, { count: 5 })).toHaveLength(5);
  });
  it('shuffle keeps the input', () => {
    const input = [1, 2, 3];
    shuffle(input, seeded(3));
    expect(input).toEqual([1, 2, 3]);
  });
});

describe('by type (3) and recite (5)', () => {
  it('keeps the chosen types in bank order', () => {
    expect(selectQuestions(TrainMode.BY_TYPE, pool, { types: [1, 3] })).toEqual(['q1', 'q3', 'q4']);
  });
  it('all types when none is chosen; count limits', () => {
    expect(selectQuestions(TrainMode.BY_TYPE, pool, { count: 2 })).toEqual(['q1', 'q2']);
  });
  it('recite holds the whole bank in order', () => {
    expect(selectQuestions(TrainMode.RECITE, pool)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
  });
});

describe('wrong questions (4)', () => {
  it('keeps the questions of the book in bank order', () => {
    expect(selectQuestions(TrainMode.WRONG, pool, { bookIds: new Set(['q4', 'q2', 'other']) })).toEqual(['q2', 'q4']);
  });
  it('is empty without a book', () => {
    expect(selectQuestions(TrainMode.WRONG, pool)).toEqual([]);
  });
});

describe('limits and review (7)', () => {
  it('no session exceeds the maximum size', () => {
    const big = Array.from({ length: MAX_SESSION_SIZE + 10 }, (_, i) => ({ id: `b${i}`, type: 1 }));
    expect(selectQuestions(TrainMode.SEQUENTIAL, big)).toHaveLength(MAX_SESSION_SIZE);
  });
  it('unknown modes select nothing', () => {
    expect(selectQuestions(99, pool)).toEqual([]);
  });
  it('review takes the entries due by now, the longest overdue first', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    const entries = [
      { quId: 'a', nextReviewAt: new Date('2025-03-10T11:00:00Z') },
      { quId: 'b', nextReviewAt: new Date('2025-03-08T11:00:00Z') },
      { quId: 'c', nextReviewAt: new Date('2025-03-11T11:00:00Z') },
      { quId: 'd', nextReviewAt: null },
      { quId: 'e', nextReviewAt: now },
    ];
    expect(selectDue(entries, now)).toEqual(['b', 'a', 'e']);
    expect(selectDue(entries, now, 1)).toEqual(['b']);
  });
});
