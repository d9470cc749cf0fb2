/**
 * Spaced review of the wrong-answer book (pure; unit-tested in review-schedule.test.ts).
 *
 * - A wrong answer (exam, practice or review) puts the question on the first rung: due again in
 *   1 day, right streak 0.
 * - A right answer in a review session (or in practice while the question is due) climbs one
 *   rung: due again after 2, 4, 7, then 15 days; a right review on the last rung (15 days)
 *   masters the question and it leaves the book.
 * - In practice (modes 1-6 and the book's redo), `leaveStreak` right answers in a row (default 2,
 *   sys_config_item 'bookLeaveStreak') also take it out of the book.
 * - Right answers in an exam change nothing.
 */

/** Days until the next review, per rung. */
export const REVIEW_LADDER_DAYS = [1, 2, 4, 7, 15] as const;
export const DEFAULT_LEAVE_STREAK = 2;
/** The sys_config_item title overriding DEFAULT_LEAVE_STREAK. */
export const LEAVE_STREAK_CONFIG = 'bookLeaveStreak';
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

/** What a right answer does to an entry of the book. */
export function afterRight(
  entry: BookState,
  now: Date,
  source: AnswerSource,
  leaveStreak: number = DEFAULT_LEAVE_STREAK,
): BookChange {
  if (source === 'exam') return { kind: 'none' };
  const due = entry.nextReviewAt !== null && entry.nextReviewAt.getTime() <= now.getTime();
  const reviewed = source === 'review' || due;
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
