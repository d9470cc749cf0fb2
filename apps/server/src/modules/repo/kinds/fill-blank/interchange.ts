/** 填空题 (type 5) in the interchange model: accepted answers per blank and the matching flags. */
import { baseOf } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';
import type { BlankKey } from './index.js';

export const fillBlankInterchange: KindInterchange = {
  type: 5,
  toInterchange: (q) => {
    const a = q.answer as unknown as BlankKey;
    return {
      ...baseOf(q),
      blanks: (a.blanks ?? []).map((b) => ({ answers: [...b.answers] })),
      caseSensitive: Boolean(a.caseSensitive),
      widthSensitive: Boolean(a.widthSensitive),
      orderMatters: a.orderMatters !== false,
    };
  },
  fromInterchange: (q) => {
    // Our blanks compare text: a numeric answer with a tolerance cannot be held.
    if (q.blanks.some((b) => (b.tolerance ?? 0) > 0)) return { skip: '填空题不支持数值误差范围（容差大于0）' };
    return {
      options: [],
      answer: {
        blanks: q.blanks.map((b) => ({ answers: b.answers })),
        caseSensitive: Boolean(q.caseSensitive),
        widthSensitive: Boolean(q.widthSensitive),
        orderMatters: q.orderMatters !== false,
      },
    };
  },
};
