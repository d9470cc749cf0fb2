import { PaperState } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { rankFrom, rankShown } from './paper-rank.js';

describe('rankShown', () => {
  const finished = { state: PaperState.FINISHED, voided: false };

  it('shows the rank of a finished paper when the exam allows it', () => {
    expect(rankShown(finished, true)).toBe(true);
  });

  it('hides it when the exam does not allow it', () => {
    expect(rankShown(finished, false)).toBe(false);
  });

  it('hides it until the paper is finished', () => {
    for (const state of [PaperState.IN_EXAM, PaperState.AWAITING_MARK, PaperState.ABANDONED])
      expect(rankShown({ state, voided: false }, true)).toBe(false);
  });

  it('hides it for a voided paper', () => {
    expect(rankShown({ ...finished, voided: true }, true)).toBe(false);
  });
});

describe('rankFrom (standard competition ranking)', () => {
  // Best scores 90, 90, 80, 70: ranks 1, 1, 3, 4 ("1224").
  it('gives tied learners the same rank and skips the next', () => {
    expect(rankFrom(0, 4)).toEqual({ rank: 1, total: 4 }); // a 90: nobody above
    expect(rankFrom(2, 4)).toEqual({ rank: 3, total: 4 }); // the 80: both 90s above
    expect(rankFrom(3, 4)).toEqual({ rank: 4, total: 4 });
  });

  it('never answers a rank past the total or an empty field', () => {
    expect(rankFrom(0, 0)).toEqual({ rank: 1, total: 1 });
    expect(rankFrom(5, 3)).toEqual({ rank: 3, total: 3 });
  });
});
