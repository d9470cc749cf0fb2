/** 单选题 (type 1): exactly one right option; full score for it. */
import { scoreSingle, shuffledChoices } from '../choice.js';
import { autoOutcome, checkOptionContents, choiceOptions, noAnswer, plainParts, rightKeys } from '../shared.js';
import type { QuKind } from '../types.js';

export const single: QuKind = {
  type: 1,
  options: 'choice',
  normaliseOptions: choiceOptions,
  normaliseAnswer: noAnswer,
  check(q, add) {
    checkOptionContents(q.options, add);
    if (q.options.length < 2) add('options', '单选题至少需要两个选项');
    if (rightKeys(q.options).length !== 1) add('options', '单选题必须有且只有一个正确选项');
  },
  snapshot: shuffledChoices(true),
  learnerParts: (q) => plainParts(q.options),
  reference: () => null,
  mark: (q, answer) => autoOutcome(scoreSingle(q.options, answer, q.score), q.score),
};
