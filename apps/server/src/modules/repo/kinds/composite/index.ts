/**
 * 组合题 (type 99): a stem (material) whose children are questions of the other kinds; it is
 * marked as the sum of its children (qu-rules.ts and mark-rows.ts walk the children).
 */
import { keepOrder, noAnswer, plainParts } from '../shared.js';
import type { QuKind } from '../types.js';

export const composite: QuKind = {
  type: 99,
  options: 'none',
  composite: true,
  normaliseAnswer: noAnswer,
  check(q, add, isChild) {
    if (isChild) add('children', '组合题的子题不能是组合题');
    else if (q.children.length === 0) add('children', '组合题至少需要一道子题');
  },
  snapshot: keepOrder,
  learnerParts: (q) => plainParts(q.options),
  reference: () => null,
  mark: () => ({ score: 0, isRight: false, pending: false }),
};
