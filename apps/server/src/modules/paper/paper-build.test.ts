import { afterEach, describe, expect, it, vi } from 'vitest';
import { positional, shuffleRightColumn } from './paper-build.js';

afterEach(() => vi.restoreAllMocks());

describe('positional letters', () => {
  it('letters options by position and keeps each right flag with its content', () => {
    const shuffled = [
      { key: 'D', content: 'd', isRight: false },
      { key: 'B', content: 'b', isRight: true },
      { key: 'A', content: 'a', isRight: false },
    ];
    expect(positional(shuffled)).toEqual([
      { key: 'A', content: 'd', isRight: false },
      { key: 'B', content: 'b', isRight: true },
      { key: 'C', content: 'a', isRight: false },
    ]);
  });

  it('reletters a shuffled right column and rewrites the pairs to the new letters', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // Fisher–Yates with 0: [A,B,C] -> [B,C,A]
    const answer = {
      left: [1, 2, 3].map((i) => ({ key: String(i), content: `l${i}` })),
      right: ['A', 'B', 'C'].map((k) => ({ key: k, content: `r${k}` })),
      pairs: [
        { left: '1', right: 'A' },
        { left: '2', right: 'B' },
        { left: '3', right: 'C' },
      ],
    };
    const out = shuffleRightColumn(answer) as typeof answer;
    expect(out.right).toEqual([
      { key: 'A', content: 'rB' },
      { key: 'B', content: 'rC' },
      { key: 'C', content: 'rA' },
    ]);
    expect(out.pairs).toEqual([
      { left: '1', right: 'C' },
      { left: '2', right: 'A' },
      { left: '3', right: 'B' },
    ]);
    expect(out.left).toEqual(answer.left);
  });
});
