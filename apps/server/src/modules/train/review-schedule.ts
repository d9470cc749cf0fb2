/**
 * Spaced review of the wrong-answer book (pure; unit-tested in review-schedule.test.ts).
 *
 * - A wrong answer (exam, practice or review) puts the question on the first rung: due again in
 *   1 day, right streak 0.
 * - A right answer in a review session (or in practice while the question is due) climbs one
 *   rung: due again after 2, 4, 7, then 15 days; a right review on the last rung (15 days)
 *   masters the question and it leaves the book.
 * - In practice (modes 1-6 and the book's redo) and in later exams, `leaveStreak` right answers in a
 *   row (default 2, sys_config_item 'bookLeaveStreak') also take it out of the book.
 * - Partial credit is wrong only below `wrongShare` % of the full score (default 60,
 *   sys_config_item 'bookWrongShare'); at or above it the answer counts as right.
 */

import { BOOK_LEAVE_STREAK_ITEM, BOOK_WRONG_SHARE_ITEM } from '@exam/contracts';

/** Days until the next review, per rung. */
export const REVIEW_LADDER_DAYS = [1, 2, 4, 7, 15] as const;
export const DEFAULT_LEAVE_STREAK = 2;
/** The sys_config_item title overriding DEFAULT_LEAVE_STREAK. */
export const LEAVE_STREAK_CONFIG = BOOK_LEAVE_STREAK_ITEM;
export const DEFAULT_WRONG_SHARE = 60;
/** The sys_config_item title overriding DEFAULT_WRONG_SHARE (percent of the full score). */
export const WRONG_SHARE_CONFIG = BOOK_WRONG_SHARE_ITEM;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where an answer was given: `review` = a spaced-review session; `book` = the book's redo call. */
export type AnswerSource = 'exam' | 'train' | 'review' | 'book';

export interface BookState {
  rightStreak: number;
  reviewStep: number;
  nextReviewAt: Date | null;
}

export type BookChange =
  | { kind: 'leave' }
  | { kind: 'keep'; rightStreak: number; reviewStep: number; nextReviewAt: Date | null; reviewed: boolean }
  | { kind: 'none' };

export const addDays = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

/** The review time after reaching `step` (0-based rung). */
export function dueAfter(step: number, now: Date): Date {
  const rung = Math.min(Math.max(step, 0), REVIEW_LADDER_DAYS.length - 1);
  return addDays(now, REVIEW_LADDER_DAYS[rung]);
}

/** The state of an entry after a wrong answer: back to the first rung. */
export function afterWrong(now: Date): BookState {
  return { rightStreak: 0, reviewStep: 0, nextReviewAt: dueAfter(0, now) };
}

/** Parses the configured leave streak; falls back to the default on anything but a positive integer. */
export function parseLeaveStreak(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : DEFAULT_LEAVE_STREAK;
}

/** Parses the configured wrong share (1-100 %); falls back to the default on anything else. */
export function parseWrongShare(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : DEFAULT_WRONG_SHARE;
}

/** The book's rules as configured (shown on the book's page). */
export interface BookRules {
  leaveStreak: number;
  wrongShare: number;
}

/**
 * What an answer means to the book: right, wrong, or nothing (null: not judged). `share` is the
 * score over the full score (0-1) when known: partial credit at or above `wrongShare` % is right.
 */
export function bookVerdict(isRight: boolean | null, share: number | null | undefined, wrongShare: number) {
  if (isRight === null) return null;
  if (isRight) return true;
  return share !== null && share !== undefined && share * 100 >= wrongShare - 1e-9;
}

/** What a right answer does to an entry of the book. */
export function afterRight(
  entry: BookState,
  now: Date,
  source: AnswerSource,
  leaveStreak: number = DEFAULT_LEAVE_STREAK,
): BookChange {
  const due = entry.nextReviewAt !== null && entry.nextReviewAt.getTime() <= now.getTime();
  // An exam counts towards the streak; only practice and review climb the review ladder.
  const reviewed = source === 'review' || (due && source !== 'exam');
  let { rightStreak, reviewStep, nextReviewAt } = entry;
  if (source !== 'review') {
    rightStreak += 1;
    if (rightStreak >= leaveStreak) return { kind: 'leave' };
  }
  if (reviewed) {
    // Climbing past the last rung masters the question.
    if (reviewStep + 1 >= REVIEW_LADDER_DAYS.length) return { kind: 'leave' };
    reviewStep += 1;
    nextReviewAt = dueAfter(reviewStep, now);
  }
  return { kind: 'keep', rightStreak, reviewStep, nextReviewAt, reviewed };
}
