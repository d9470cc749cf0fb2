/**
 * 排序题 (type 7): put the items in the right order. The items are the options, stored in the
 * right order under opaque random keys, so a learner who sees them (shuffled) learns nothing from
 * the keys; `answer.order` lists the keys in the right order. A paper shows them in an order drawn
 * uniformly over all orders, the right one included (leaving it out told a 2-item question's key),
 * lettered by position, its key rewritten to those letters; the bank's views show each learner one
 * fixed order per question (arrange.ts), so calling again shows no new order.
 * Marking, per the exam's kind setting (kindSettings["7"].policy): all or nothing, or score × right adjacent pairs / (n − 1).
 * An answer that is not an arrangement of all the items scores 0.
 */

import { randomInt } from 'node:crypto';
import { hasRichContent } from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../../../db/schema/repo.js';
import { sanitizeRichText } from '../../../../platform/sanitize-html.js';
import { arrange, viewOrder } from '../arrange.js';
import { asStringArray, autoOutcome, letterAt, round2 } from '../shared.js';
import type { OrderPolicyValue, QuKind } from '../types.js';

const KEY_CHARS = 'abcdefghjkmnpqrstuvwxyz23456789';
const OPAQUE_KEY = /^[a-z2-9]{4}$/;
const randomKey = () => Array.from({ length: 4 }, () => KEY_CHARS[randomInt(KEY_CHARS.length)]).join('');

const orderOf = (ref: QuestionAnswer): string[] => asStringArray((ref as { order?: unknown }).order) ?? [];

/** Ordering: the score of an arrangement of item keys against the right order. */
export function scoreOrdering(order: string[], answer: unknown, full: number, policy: OrderPolicyValue): number {
  const given = asStringArray(answer) ?? [];
  const isArrangement =
    order.length > 0 &&
    given.length === order.length &&
    new Set(given).size === given.length &&
    given.every((k) => order.includes(k));
  if (!isArrangement) return 0;
  if (given.every((k, i) => k === order[i])) return full;
  if (policy === 0 || order.length < 2) return 0;
  const next = new Map(order.slice(0, -1).map((k, i) => [k, order[i + 1]]));
  const rightPairs = given.slice(0, -1).filter((k, i) => next.get(k) === given[i + 1]).length;
  return round2((full * rightPairs) / (order.length - 1));
}

export const ordering: QuKind = {
  type: 7,
  options: 'items',
  normaliseOptions(options) {
    const used = new Set<string>();
    return options.map((o) => {
      let key = OPAQUE_KEY.test(o.key) && !used.has(o.key) ? o.key : randomKey();
      while (used.has(key)) key = randomKey();
      used.add(key);
      return { key, content: sanitizeRichText(o.content), isRight: false };
    });
  },
  normaliseAnswer: (_a, options) => ({ order: options.map((o) => o.key) }),
  check(q, add) {
    if (q.options.length < 2) add('options', '排序题至少需要两个排序项');
    q.options.forEach((o, i) => {
      if (!hasRichContent(o.content)) add('options', `第${i + 1}个排序项的内容不能为空`);
    });
  },
  snapshot(options: QuestionOption[], answer) {
    const shown = arrange(options);
    const letterOf = new Map(shown.map((o, i) => [o.key, letterAt(i)]));
    return {
      options: shown.map((o, i) => ({ key: letterAt(i), content: o.content, isRight: false })),
      refAnswer: { order: orderOf(answer).map((k) => letterOf.get(k) ?? '') },
    };
  },
  learnerParts: (q, from) => ({
    // Bank rows are in the right order: the viewer's fixed order; paper rows are arranged already.
    options: (from === 'paper' ? q.options : viewOrder(q.options, from.viewerId, from.quId, from.session)).map((o) => ({
      key: o.key,
      content: o.content,
    })),
    matching: null,
    blankCount: 0,
  }),
  reference: (ref) => ({ order: orderOf(ref) }),
  print: {
    key: (q) => {
      const order = orderOf(q.refAnswer);
      return order.length ? [order.join(' → ')] : [];
    },
  },
  mark: (q, answer, policy) =>
    autoOutcome(scoreOrdering(orderOf(q.refAnswer), answer, q.score, policy[7].policy), q.score),
};
