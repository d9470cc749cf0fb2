import { describe, expect, it } from 'vitest';
import { badReason, correlation, type ItemFigures, itemStat, MIN_ANSWERS, PRACTICE_WEIGHT } from './qu-stats-rules.js';

const base: ItemFigures = {
  quId: 'q',
  answers: 0,
  examScore: 0,
  correlation: null,
  practiceAnswers: 0,
  practiceScore: 0,
  fullCount: 0,
  zeroCount: 0,
};

describe('item statistics', () => {
  it('says nothing below the minimum of answers', () => {
    const s = itemStat({ ...base, answers: MIN_ANSWERS - 1, examScore: 5, correlation: 0.4 });
    expect(s.difficulty).toBeNull();
    expect(s.discrimination).toBeNull();
  });

  it('weighs practice answers less than exam answers', () => {
    // 10 exam answers all right, 10 practice answers all wrong: (10 + 0.5·0) / (10 + 0.5·10).
    const s = itemStat({ ...base, answers: 10, examScore: 10, practiceAnswers: 10, practiceScore: 0 });
    expect(s.difficulty).toBeCloseTo(10 / (10 + PRACTICE_WEIGHT * 10), 4);
  });

  it('needs exam answers for a discrimination, practice alone is not enough', () => {
    const s = itemStat({ ...base, practiceAnswers: 40, practiceScore: 20, correlation: 0.5 });
    expect(s.difficulty).toBe(0.5);
    expect(s.discrimination).toBeNull();
  });

  it('computes the point-biserial and has none without variance', () => {
    expect(correlation([1, 1, 0, 0], [9, 8, 2, 1])).toBeCloseTo(0.98995, 4);
    expect(correlation([1, 0, 1, 0], [1, 9, 2, 8])).toBeLessThan(0);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('lists negative discrimination and everyone right or wrong with enough answers', () => {
    const enough = { answers: 10, practiceAnswers: 0, fullCount: 0, zeroCount: 0, discrimination: 0.3 };
    expect(badReason(enough)).toBeNull();
    expect(badReason({ ...enough, discrimination: -0.2 })).toBe('negative');
    expect(badReason({ ...enough, fullCount: 10, discrimination: null })).toBe('allRight');
    expect(badReason({ ...enough, zeroCount: 10, discrimination: null })).toBe('allWrong');
    expect(badReason({ ...enough, answers: 3, fullCount: 3 })).toBeNull();
  });
});
