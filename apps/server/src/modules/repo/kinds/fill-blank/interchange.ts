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
      blanks: (a.blanks ?? []).map((b) => ({
        answers: [...b.answers],
        ...(typeof b.tolerance === 'number' ? { tolerance: b.tolerance } : {}),
      })),
      caseSensitive: Boolean(a.caseSensitive),
      widthSensitive: Boolean(a.widthSensitive),
      orderMatters: a.orderMatters !== false,
    };
  },
  fromInterchange: (q) => {
    // A numeric blank keeps its tolerance (marked by value); a text blank compares text.
    return {
      options: [],
      answer: {
        blanks: q.blanks.map((b) => ({
          answers: b.answers,
          ...(typeof b.tolerance === 'number' ? { tolerance: b.tolerance } : {}),
        })),
        caseSensitive: Boolean(q.caseSensitive),
        widthSensitive: Boolean(q.widthSensitive),
        orderMatters: q.orderMatters !== false,
      },
    };
  },
};
