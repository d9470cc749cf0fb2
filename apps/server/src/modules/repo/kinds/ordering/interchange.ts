/** 排序题 (type 7) in the interchange model: the items in the right order (stored keys stay private). */
import { baseOf } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const orderingInterchange: KindInterchange = {
  type: 7,
  toInterchange: (q) => {
    const order = (q.answer as { order?: string[] }).order ?? q.options.map((o) => o.key);
    const byKey = new Map(q.options.map((o) => [o.key, o.content]));
    return { ...baseOf(q), options: order.map((k) => ({ text: byKey.get(k) ?? '', right: false })) };
  },
  // Keys are made when the question is saved (opaque, random); the options are in the right order.
  fromInterchange: (q) => ({
    options: q.options.map((o) => ({ key: '', content: o.text, isRight: false })),
    answer: {},
  }),
};
