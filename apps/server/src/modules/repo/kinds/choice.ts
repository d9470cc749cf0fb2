import type { QuestionOption } from '../../../db/schema/repo.js';
import { asString, asStringArray, positional, rightKeys, shuffle } from './shared.js';
import type { Snapshot } from './types.js';

/** Single choice and true/false: full score for exactly the right option. */
export function scoreSingle(options: QuestionOption[], answer: unknown, full: number): number {
  const given = asString(answer) ?? asStringArray(answer)?.[0] ?? null;
  const right = rightKeys(options);
  return given !== null && right.length === 1 && right[0] === given ? full : 0;
}

/** Shuffled when the exam says so, then lettered by position. */
export const shuffledChoices =
  (shuffles: boolean) =>
  (options: QuestionOption[], answer: Snapshot['refAnswer'], shuffleOpt: boolean): Snapshot => ({
    options: positional(shuffles && shuffleOpt ? shuffle(options) : options),
    refAnswer: answer,
  });
