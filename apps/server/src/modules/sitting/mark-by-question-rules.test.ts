import { describe, expect, it } from 'vitest';
import { canArbitrate, decide, nextRound } from './mark-by-question-rules.js';

const single = { doubleMark: false, gap: 0 };
const double = { doubleMark: true, gap: 2 };

describe('second marking rules', () => {
  it('takes the first score when second marking is off', () => {
    expect(decide(single, [])).toEqual({ outcome: 'waiting' });
    expect(decide(single, [{ round: 1, markerId: 'a', score: 4 }])).toEqual({ outcome: 'final', score: 4 });
    expect(nextRound(single, [], 'a')).toBe(1);
    expect(nextRound(single, [{ round: 1, markerId: 'a', score: 4 }], 'b')).toBe('该答案已评分');
  });

  it('waits for a second marker, then averages within the gap', () => {
    const one = [{ round: 1, markerId: 'a', score: 4 }];
    expect(decide(double, one)).toEqual({ outcome: 'waiting' });
    expect(nextRound(double, one, 'a')).toMatch(/另一位阅卷人/);
    expect(nextRound(double, one, 'b')).toBe(2);
    expect(decide(double, [...one, { round: 2, markerId: 'b', score: 5 }])).toEqual({ outcome: 'final', score: 4.5 });
    // Exactly the gap still averages.
    expect(decide(double, [...one, { round: 2, markerId: 'b', score: 6 }])).toEqual({ outcome: 'final', score: 5 });
    expect(decide(double, [...one, { round: 2, markerId: 'b', score: 2.5 }])).toEqual({
      outcome: 'final',
      score: 3.25,
    });
  });

  it('sends a difference beyond the gap to a third person, whose score is final', () => {
    const two = [
      { round: 1, markerId: 'a', score: 1 },
      { round: 2, markerId: 'b', score: 6 },
    ];
    expect(decide(double, two)).toEqual({ outcome: 'arbitration' });
    expect(nextRound(double, two, 'c')).toMatch(/仲裁/);
    expect(canArbitrate(double, two, 'a')).toMatch(/第三人/);
    expect(canArbitrate(double, two, 'c')).toBe(true);
    expect(canArbitrate(double, two.slice(0, 1), 'c')).toMatch(/不在仲裁列表/);
    expect(decide(double, [...two, { round: 3, markerId: 'c', score: 3 }])).toEqual({ outcome: 'final', score: 3 });
  });
});
