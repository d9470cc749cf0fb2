import { kindSettingsOf } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import {
  countRightBlanks,
  isObjective,
  markComposite,
  markQuestion,
  normaliseBlank,
  scoreFillBlank,
  scoreMatching,
  scoreMultiple,
  scoreSingle,
  splitScore,
  suggestShortAnswer,
  totalOf,
} from './scoring.js';

const opts = (right: string[], keys = ['A', 'B', 'C', 'D']) =>
  keys.map((key) => ({ key, content: key, isRight: right.includes(key) }));

describe('single and true/false', () => {
  it('gives the full score for exactly the right option only', () => {
    expect(scoreSingle(opts(['B']), 'B', 5)).toBe(5);
    expect(scoreSingle(opts(['B']), 'A', 5)).toBe(0);
    expect(scoreSingle(opts(['B']), null, 5)).toBe(0);
    expect(scoreSingle(opts(['B']), '', 5)).toBe(0);
    expect(scoreSingle(opts(['B']), ['B'], 5)).toBe(5);
    expect(scoreSingle(opts(['B']), { B: 'x' }, 5)).toBe(0);
    expect(markQuestion({ type: 3, score: 2, options: opts(['A'], ['A', 'B']), refAnswer: {} }, 'A')).toEqual({
      score: 2,
      isRight: true,
      pending: false,
    });
    expect(markQuestion({ type: 3, score: 2, options: opts(['A'], ['A', 'B']), refAnswer: {} }, 'B').isRight).toBe(
      false,
    );
  });
});

describe('multiple choice', () => {
  const o = opts(['A', 'B', 'C']);
  it('full when exactly right under every policy', () => {
    for (const p of [0, 1, 2] as const) expect(scoreMultiple(o, ['C', 'A', 'B'], 6, p)).toBe(6);
  });
  it('policy 0: nothing for a subset', () => {
    expect(scoreMultiple(o, ['A', 'B'], 6, 0)).toBe(0);
  });
  it('policy 1: half for a non-empty subset without a wrong choice', () => {
    expect(scoreMultiple(o, ['A'], 6, 1)).toBe(3);
    expect(scoreMultiple(o, ['A', 'B'], 5, 1)).toBe(2.5);
    expect(scoreMultiple(o, ['A', 'D'], 6, 1)).toBe(0);
    expect(scoreMultiple(o, [], 6, 1)).toBe(0);
  });
  it('policy 2: score per right choice, none for any wrong one', () => {
    expect(scoreMultiple(o, ['A'], 6, 2)).toBe(2);
    expect(scoreMultiple(o, ['A', 'B'], 6, 2)).toBe(4);
    expect(scoreMultiple(o, ['A', 'B'], 5, 2)).toBe(3.33);
    expect(scoreMultiple(o, ['A', 'B', 'C', 'D'], 6, 2)).toBe(0);
  });
  it('ignores duplicates and bad shapes', () => {
    expect(scoreMultiple(o, ['A', 'A', 'B', 'C'], 6, 0)).toBe(6);
    expect(scoreMultiple(o, 'ABC', 6, 2)).toBe(0);
    expect(scoreMultiple(o, null, 6, 2)).toBe(0);
  });
  it('marks isRight only when full', () => {
    expect(
      markQuestion({ type: 2, score: 6, options: o, refAnswer: {} }, ['A'], kindSettingsOf({ 2: { policy: 1 } })),
    ).toEqual({
      score: 3,
      isRight: false,
      pending: false,
    });
  });
});

describe('fill blank', () => {
  const key = {
    blanks: [{ answers: ['北京', 'Beijing'] }, { answers: ['上海'] }],
    caseSensitive: false,
    widthSensitive: false,
    orderMatters: true,
  };
  it('normalises trim, width and case', () => {
    expect(normaliseBlank('  ＡＢＣ　１２３ ', false, false)).toBe('abc 123');
    expect(normaliseBlank('ＡＢＣ', true, true)).toBe('ＡＢＣ');
    expect(normaliseBlank('ＡＢＣ', true, false)).toBe('ABC');
  });
  it('scores per blank in order', () => {
    expect(scoreFillBlank(key, ['北京', '上海'], 4)).toBe(4);
    expect(scoreFillBlank(key, [' beijing ', '广州'], 4)).toBe(2);
    expect(scoreFillBlank(key, ['ＢＥＩＪＩＮＧ'], 4)).toBe(2);
    expect(scoreFillBlank(key, ['上海', '北京'], 4)).toBe(0);
    expect(scoreFillBlank(key, [], 4)).toBe(0);
    expect(scoreFillBlank(key, 'x', 4)).toBe(0);
  });
  it('respects case and width sensitivity', () => {
    expect(scoreFillBlank({ ...key, caseSensitive: true }, ['beijing', '上海'], 4)).toBe(2);
    expect(scoreFillBlank({ ...key, caseSensitive: true }, ['Beijing', '上海'], 4)).toBe(4);
    expect(scoreFillBlank({ ...key, widthSensitive: true }, ['Ｂeijing', '上海'], 4)).toBe(2);
  });
  it('accepts any order when the order does not matter, each blank once', () => {
    const free = { ...key, orderMatters: false };
    expect(scoreFillBlank(free, ['上海', '北京'], 4)).toBe(4);
    expect(scoreFillBlank(free, ['上海', '上海'], 4)).toBe(2);
    // Needs augmenting: the first answer fits both blanks, the second only the first.
    const overlap = { blanks: [{ answers: ['a'] }, { answers: ['a', 'b'] }], orderMatters: false };
    expect(countRightBlanks(overlap, ['a', 'a'])).toBe(2);
    expect(countRightBlanks(overlap, ['b', 'a'])).toBe(2);
    expect(
      scoreFillBlank({ blanks: [{ answers: ['x'] }, { answers: ['y'] }, { answers: ['z'] }] }, ['x', 'q', 'z'], 10),
    ).toBe(6.67);
  });
});

describe('matching', () => {
  const key = {
    pairs: [
      { left: 'L1', right: 'R2' },
      { left: 'L2', right: 'R1' },
      { left: 'L3', right: 'R3' },
    ],
  };
  it('scores per right pair', () => {
    expect(scoreMatching(key, { L1: 'R2', L2: 'R1', L3: 'R3' }, 6)).toBe(6);
    expect(scoreMatching(key, { L1: 'R2', L2: 'R3', L3: 'R1' }, 6)).toBe(2);
    expect(scoreMatching(key, {}, 6)).toBe(0);
    expect(scoreMatching(key, ['R2'], 6)).toBe(0);
    expect(scoreMatching(key, null, 6)).toBe(0);
    expect(markQuestion({ type: 6, score: 6, options: [], refAnswer: key as never }, { L1: 'R2' }).score).toBe(2);
  });
});

describe('short answer and composite', () => {
  const ref = {
    reference: '...',
    keywords: [
      { word: '事务', weight: 3 },
      { word: 'ACID', weight: 4 },
      { word: '隔离', weight: 5 },
    ],
  };
  it('suggests the full score times the share of the keyword weights found (weights, not points)', () => {
    // Weights 3 + 4 + 5 = 12: 事务 and ACID found = 7/12 of the full score.
    expect(suggestShortAnswer(ref, '事务需要满足acid特性', 10)).toBe(5.83);
    expect(suggestShortAnswer(ref, '事务需要满足acid特性', 24)).toBe(14);
    expect(suggestShortAnswer(ref, '事务 ＡＣＩＤ 隔离', 10)).toBe(10);
    expect(suggestShortAnswer(ref, '事务 ＡＣＩＤ 隔离', 60)).toBe(60);
    expect(suggestShortAnswer(ref, '不知道', 10)).toBe(0);
    expect(suggestShortAnswer(ref, null, 10)).toBe(0);
    expect(suggestShortAnswer({ keywords: [] }, '事务', 10)).toBe(0);
    expect(markQuestion({ type: 4, score: 10, options: [], refAnswer: ref }, '事务')).toEqual({
      score: 2.5,
      isRight: null,
      pending: true,
    });
  });
  it('composite is the sum of its children, pending while a child is', () => {
    expect(
      markComposite([
        { score: 2, isRight: true, pending: false },
        { score: 1.5, isRight: false, pending: false },
      ]),
    ).toEqual({ score: 3.5, isRight: false, pending: false });
    expect(
      markComposite([
        { score: 2, isRight: true, pending: false },
        { score: 0, isRight: null, pending: true },
      ]),
    ).toEqual({ score: 2, isRight: null, pending: true });
    expect(markComposite([{ score: 2, isRight: true, pending: false }]).isRight).toBe(true);
  });
  it('splits a composite score over its children', () => {
    expect(splitScore(20, 3)).toEqual([6.5, 6.5, 7]);
    expect(splitScore(10, 3)).toEqual([3, 3, 4]);
    expect(splitScore(10, 4)).toEqual([2.5, 2.5, 2.5, 2.5]);
    expect(splitScore(15, 2)).toEqual([7.5, 7.5]);
    expect(splitScore(100, 3)).toEqual([33, 33, 34]);
    // Every child in whole or half points, adding up to the question's score.
    for (const [total, parts] of [
      [20, 3],
      [7, 6],
      [9.5, 4],
      [33, 7],
    ]) {
      const split = splitScore(total, parts);
      expect(split.every((x) => Number.isInteger(x * 2))).toBe(true);
      expect(split.reduce((a, x) => a + x, 0)).toBeCloseTo(total, 9);
    }
    // Too small for half a point each: hundredths.
    expect(splitScore(1, 3)).toEqual([0.33, 0.33, 0.34]);
    expect(splitScore(6, 2)).toEqual([3, 3]);
    expect(splitScore(5, 0)).toEqual([]);
  });
});

describe('totals', () => {
  it('passes at or above the pass score', () => {
    expect(totalOf(40, 20, 60)).toEqual({ total: 60, passed: true });
    expect(totalOf(40.1, 19.8, 60)).toEqual({ total: 59.9, passed: false });
    expect(isObjective(4)).toBe(false);
    expect(isObjective(5)).toBe(true);
  });
  it('an unknown type scores nothing', () => {
    expect(markQuestion({ type: 42, score: 3, options: [], refAnswer: {} }, 'A').score).toBe(0);
  });
});
