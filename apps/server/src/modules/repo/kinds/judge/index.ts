/** 判断题 (type 3): two options (正确/错误 by default), one right; never shuffled. */
import { scoreSingle, shuffledChoices } from '../choice.js';
import { autoOutcome, checkOptionContents, choiceOptions, noAnswer, plainParts, rightKeys } from '../shared.js';
import type { QuKind } from '../types.js';

export const judge: QuKind = {
  type: 3,
  options: 'choice',
  normaliseOptions: choiceOptions,
  normaliseAnswer: noAnswer,
  check(q, add) {
    checkOptionContents(q.options, add);
    if (q.options.length !== 2) add('options', '判断题必须有且只有两个选项');
    if (rightKeys(q.options).length !== 1) add('options', '判断题必须有且只有一个正确选项');
  },
  snapshot: shuffledChoices(false),
  learnerParts: (q) => plainParts(q.options),
  reference: () => null,
  mark: (q, answer) => autoOutcome(scoreSingle(q.options, answer, q.score), q.score),
};
