/**
 * 匹配题 (type 6) in the interchange model: pairs of texts and the right items in order. Stored keys
 * (left 1..n, right A..H) are not part of the model: right items of equal text are one item.
 */
import { baseOf } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';
import { OPTION_KEYS } from '../shared.js';

interface Item {
  key: string;
  content: string;
}

export const matchingInterchange: KindInterchange = {
  type: 6,
  toInterchange: (q) => {
    const a = q.answer as { left?: Item[]; right?: Item[]; pairs?: { left: string; right: string }[] };
    const left = new Map((a.left ?? []).map((l) => [l.key, l.content]));
    const right = new Map((a.right ?? []).map((r) => [r.key, r.content]));
    return {
      ...baseOf(q),
      pairs: (a.pairs ?? []).map((p) => ({ left: left.get(p.left) ?? '', right: right.get(p.right) ?? '' })),
      rights: (a.right ?? []).map((r) => r.content),
    };
  },
  fromInterchange: (q) => {
    const rights = [...new Set([...q.rights, ...q.pairs.map((p) => p.right).filter(Boolean)])];
    if (rights.length > OPTION_KEYS.length) return { skip: `匹配题右侧项最多${OPTION_KEYS.length}项` };
    const keyOf = new Map(rights.map((t, i) => [t, OPTION_KEYS[i]]));
    return {
      options: [],
      answer: {
        left: q.pairs.map((p, i) => ({ key: String(i + 1), content: p.left })),
        right: rights.map((t) => ({ key: keyOf.get(t) ?? '', content: t })),
        // A left item without a right one (right '') has no pair: the rules then report it.
        pairs: q.pairs.flatMap((p, i) => (p.right ? [{ left: String(i + 1), right: keyOf.get(p.right) ?? '' }] : [])),
      },
    };
  },
};
