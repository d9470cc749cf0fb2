import { describe, expect, it } from 'vitest';
import {
  addDays,
  afterRight,
  afterWrong,
  type BookState,
  bookVerdict,
  DEFAULT_LEAVE_STREAK,
  DEFAULT_WRONG_SHARE,
  parseLeaveStreak,
  parseWrongShare,
  REVIEW_LADDER_DAYS,
} from './review-schedule.js';

/** An injected clock: a fixed start moved on by whole days. */
const T0 = new Date('2025-05-01T08:00:00Z');
const day = (n: number) => addDays(T0, n);

describe('review ladder', () => {
  it('is 1, 2, 4, 7, 15 days', () => {
    expect(REVIEW_LADDER_DAYS).toEqual([1, 2, 4, 7, 15]);
  });

  it('a wrong answer is due again the next day', () => {
    expect(afterWrong(T0)).toEqual({ rightStreak: 0, reviewStep: 0, nextReviewAt: day(1) });
  });

  it('right reviews climb 2, 4, 7, 15 days and the last one masters the question', () => {
    let state: BookState = afterWrong(T0);
    let now = T0;
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      now = state.nextReviewAt as Date;
      const change = afterRight(state, now, 'review');
      if (change.kind !== 'keep') throw new Error(`expected keep, got ${change.kind}`);
      gaps.push(((change.nextReviewAt as Date).getTime() - now.getTime()) / 86_400_000);
      state = change;
      expect(change.rightStreak).toBe(0); // reviews do not count toward the practice streak
    }
    expect(gaps).toEqual([2, 4, 7, 15]);
    expect(afterRight(state, state.nextReviewAt as Date, 'review')).toEqual({ kind: 'leave' });
  });

  it('a miss sends the question back to the start of the ladder', () => {
    const climbed = { rightStreak: 0, reviewStep: 3, nextReviewAt: day(10) };
    expect(climbed.reviewStep).toBe(3);
    const back = afterWrong(day(10));
    expect(back).toEqual({ rightStreak: 0, reviewStep: 0, nextReviewAt: day(11) });
  });
});

describe('leaving the book in practice', () => {
  const fresh = afterWrong(T0);

  it(`${DEFAULT_LEAVE_STREAK} right answers in a row leave the book`, () => {
    const first = afterRight(fresh, addDays(T0, 0.1), 'train');
    expect(first).toMatchObject({ kind: 'keep', rightStreak: 1, reviewStep: 0, nextReviewAt: day(1), reviewed: false });
    if (first.kind !== 'keep') throw new Error('keep expected');
    expect(afterRight(first, addDays(T0, 0.2), 'train')).toEqual({ kind: 'leave' });
  });

  it('the streak is configurable', () => {
    let s: BookState = fresh;
    for (let i = 0; i < 2; i++) {
      const c = afterRight(s, addDays(T0, 0.1), 'book', 3);
      if (c.kind !== 'keep') throw new Error('keep expected');
      s = c;
    }
    expect(afterRight(s, addDays(T0, 0.1), 'book', 3)).toEqual({ kind: 'leave' });
  });

  it('a right practice answer while due also climbs the ladder', () => {
    const c = afterRight(fresh, day(1), 'train', 5);
    expect(c).toMatchObject({ kind: 'keep', rightStreak: 1, reviewStep: 1, nextReviewAt: day(3), reviewed: true });
  });

  it('right answers in a later exam count towards the streak (without climbing the review ladder)', () => {
    expect(afterRight(fresh, day(2), 'exam')).toMatchObject({ kind: 'keep', rightStreak: 1, reviewStep: 0 });
    expect(afterRight({ ...fresh, rightStreak: 1 }, day(2), 'exam')).toEqual({ kind: 'leave' });
  });

  it('partial credit is wrong only below the share; unjudged answers are nothing', () => {
    expect(bookVerdict(false, 12 / 15, 60)).toBe(true);
    expect(bookVerdict(false, 0.6, 60)).toBe(true);
    expect(bookVerdict(false, 0.59, 60)).toBe(false);
    expect(bookVerdict(false, null, 60)).toBe(false);
    expect(bookVerdict(true, 0, 60)).toBe(true);
    expect(bookVerdict(null, 1, 60)).toBe(null);
    expect(parseWrongShare('40')).toBe(40);
    expect(parseWrongShare('101')).toBe(DEFAULT_WRONG_SHARE);
    expect(parseWrongShare('x')).toBe(DEFAULT_WRONG_SHARE);
  });

  it('the configured value falls back to the default', () => {
    expect(parseLeaveStreak('3')).toBe(3);
    expect(parseLeaveStreak('')).toBe(DEFAULT_LEAVE_STREAK);
    expect(parseLeaveStreak('0')).toBe(DEFAULT_LEAVE_STREAK);
    expect(parseLeaveStreak('abc')).toBe(DEFAULT_LEAVE_STREAK);
    expect(parseLeaveStreak(undefined)).toBe(DEFAULT_LEAVE_STREAK);
  });
});
