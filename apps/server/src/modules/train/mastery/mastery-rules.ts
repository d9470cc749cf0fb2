/**
 * Mastery (掌握度) of a knowledge point: the decayed weighted mean of the learner's score shares on
 * the point's questions (its subtree's too). Pure, unit-tested beside.
 *
 * - Recent answers weigh more: an answer's weight halves every HALF_LIFE_DAYS (exponential decay).
 *   Thirty days is about one training cycle: last month's answers still count half, a quarter-old
 *   answer an eighth, so a learner who has since practised a point sees it improve within weeks,
 *   while one good day does not wipe out a month of misses.
 * - Exam answers weigh EXAM_WEIGHT (1) and practice answers PRACTICE_WEIGHT (as for item
 *   statistics, repo/qu-stats-rules.ts): practice is open and repeatable, so it says less.
 * - The mean is independent of the moment it is read (every weight decays by the same factor), so
 *   the stored mastery stays right; only the evidence (`weight`) shrinks with time.
 */
import { PRACTICE_WEIGHT } from '../../repo/qu-stats-rules.js';

export const HALF_LIFE_DAYS = 30;
export const EXAM_WEIGHT = 1;
export { PRACTICE_WEIGHT };
/** The learner's chart shows at most this many points, weakest first. */
export const WEAK_POINTS_SHOWN = 8;
/** Weakest-points practice draws from at most this many points (the weakest with questions in the bank). */
export const WEAK_POINTS_PRACTISED = 3;

const DAY_MS = 86_400_000;

export interface ScoredAnswer {
  share: number;
  at: Date;
  weight: number;
}

export interface Mastery {
  mastery: number;
  /** Decayed weight as of `lastAt`. */
  weight: number;
  answers: number;
  lastAt: Date;
}

/** The mastery of a set of answers, or null without any. */
export function masteryOf(answers: readonly ScoredAnswer[]): Mastery | null {
  if (answers.length === 0) return null;
  const last = Math.max(...answers.map((a) => a.at.getTime()));
  let weight = 0;
  let sum = 0;
  for (const a of answers) {
    const w = a.weight * 0.5 ** ((last - a.at.getTime()) / (HALF_LIFE_DAYS * DAY_MS));
    weight += w;
    sum += w * Math.min(Math.max(a.share, 0), 1);
  }
  return {
    mastery: weight > 0 ? Math.round((sum / weight) * 10000) / 10000 : 0,
    weight: Math.round(weight * 10000) / 10000,
    answers: answers.length,
    lastAt: new Date(last),
  };
}

/** The ancestors of a point and the point itself, from its path ('/a/b/c/' → a, b, c). */
export const pointsOfPath = (path: string): string[] => path.split('/').filter(Boolean);
