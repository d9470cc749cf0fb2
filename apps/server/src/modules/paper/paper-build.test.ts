import { describe, expect, it } from 'vitest';
import { positional, shuffleRightColumn } from './paper-build.js';

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
    const answer = {
      left: [1, 2, 3].map((i) => ({ key: String(i), content: `l${i}` })),
      right: ['A', 'B', 'C'].map((k) => ({ key: k, content: `r${k}` })),
      pairs: [
        { left: '1', right: 'A' },
        { left: '2', right: 'B' },
        { left: '3', right: 'C' },
      ],
    };
    // The draw is crypto-random (repo/kinds/arrange.ts): check what every draw keeps.
    for (let i = 0; i < 20; i++) {
      const out = shuffleRightColumn(answer) as typeof answer;
      expect(out.right.map((r) => r.key)).toEqual(['A', 'B', 'C']);
      expect(out.right.map((r) => r.content).sort()).toEqual(['rA', 'rB', 'rC']);
      const contentOf = (key: string) => out.right.find((r) => r.key === key)?.content;
      expect(out.pairs.map((p) => [p.left, contentOf(p.right)])).toEqual([
        ['1', 'rA'],
        ['2', 'rB'],
        ['3', 'rC'],
      ]);
      expect(out.left).toEqual(answer.left);
    }
  });
});
