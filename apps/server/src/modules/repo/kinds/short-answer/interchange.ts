/**
 * 简答题 (type 4) in the interchange model: reference answer and keywords. Essays from other
 * systems often have no reference answer (Moodle essay, GIFT `{}`, QTI extended text): they come
 * in with the reference 无参考答案, which the marker sees, rather than being refused.
 */
import { baseOf } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const NO_REFERENCE = '<p>无参考答案</p>';

interface KeywordKey {
  reference?: string;
  keywords?: { word: string; weight: number }[];
}

export const shortAnswerInterchange: KindInterchange = {
  type: 4,
  toInterchange: (q) => {
    const a = q.answer as KeywordKey;
    return { ...baseOf(q), reference: a.reference ?? '', keywords: a.keywords ?? [] };
  },
  fromInterchange: (q) => ({
    options: [],
    answer: {
      // undefined: the format has no reference (an essay); '' from our own layouts is refused by the rules.
      reference: q.reference === undefined ? NO_REFERENCE : q.reference,
      keywords: q.keywords,
    },
  }),
};
