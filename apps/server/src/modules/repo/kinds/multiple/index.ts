/** 多选题 (type 2): one or more right options; partial credit per the exam's kind setting (kindSettings["2"].policy). */

import type { QuestionOption } from '../../../../db/schema/repo.js';
import { shuffledChoices } from '../choice.js';
import {
  asStringArray,
  autoOutcome,
  checkOptionContents,
  choiceOptions,
  noAnswer,
  plainParts,
  rightKeys,
  round2,
} from '../shared.js';
import type { MultiPolicyValue, QuKind } from '../types.js';

/** Multiple choice: full when exactly right, else per policy (see MultiPolicyValue). */
export function scoreMultiple(
  options: QuestionOption[],
  answer: unknown,
  full: number,
  policy: MultiPolicyValue,
): number {
  const given = new Set(asStringArray(answer) ?? []);
  const right = new Set(rightKeys(options));
  if (given.size === 0 || right.size === 0) return 0;
  const wrong = [...given].some((k) => !right.has(k));
  const hits = [...given].filter((k) => right.has(k)).length;
  if (!wrong && hits === right.size) return full;
  if (wrong || policy === 0) return 0;
  if (policy === 1) return round2(full / 2);
  return round2((full * hits) / right.size);
}

export const multiple: QuKind = {
  type: 2,
  options: 'choice',
  normaliseOptions: choiceOptions,
  normaliseAnswer: noAnswer,
  check(q, add) {
    checkOptionContents(q.options, add);
    if (q.options.length < 2) add('options', '多选题至少需要两个选项');
    if (rightKeys(q.options).length < 1) add('options', '多选题至少需要一个正确选项');
  },
  snapshot: shuffledChoices(true),
  learnerParts: (q) => plainParts(q.options),
  reference: () => null,
  mark: (q, answer, policy) => autoOutcome(scoreMultiple(q.options, answer, q.score, policy[2].policy), q.score),
};
