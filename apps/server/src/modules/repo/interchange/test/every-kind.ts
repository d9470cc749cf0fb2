/** A bank holding every kind (the template samples and an ordering question), for the round-trip tests. */
import type { TQuSave } from '@exam/contracts';
import { sampleDetails } from '../../qu-io.service.js';
import { QU_TEMPLATE_SAMPLES } from '../../qu-samples.js';

export const ORDERING_SAMPLE: TQuSave = {
  type: 7,
  level: 1,
  content: '<p>按时间先后排列</p>',
  options: [
    { key: 'abcd', content: '<p>秦</p>', isRight: false },
    { key: 'efgh', content: '<p>汉</p>', isRight: false },
    { key: 'jkmn', content: '<p>唐</p>', isRight: false },
  ],
  answer: {},
  analysis: '<p>秦汉唐</p>',
  tags: ['历史'],
  repoIds: ['-'],
  children: [],
};

export const EVERY_KIND: TQuSave[] = [...QU_TEMPLATE_SAMPLES, ORDERING_SAMPLE];
export const everyKindDetails = () => sampleDetails(EVERY_KIND);

interface Item {
  key: string;
  content: string;
}

/** What a round trip keeps: type, text, options and their rightness, answers, analysis (ordering keys are random). */
export function comparable(q: {
  type: number;
  content: string;
  analysis: string | null;
  options: { content: string; isRight: boolean }[];
  answer: unknown;
  children: unknown[];
}): unknown {
  // Ordering keys are random; a matching question's right column is shown shuffled, so its order is no part of it.
  let answer = q.type === 7 ? {} : q.answer;
  if (q.type === 6) {
    const a = q.answer as { left: Item[]; right: Item[]; pairs: { left: string; right: string }[] };
    const text = (items: Item[], key: string) => items.find((i) => i.key === key)?.content;
    answer = {
      pairs: a.pairs.map((p) => [text(a.left, p.left), text(a.right, p.right)]),
      right: a.right.map((r) => r.content).sort(),
    };
  }
  return {
    type: q.type,
    content: q.content,
    analysis: q.analysis,
    options: q.options.map((o) => [o.content, o.isRight]),
    answer,
    children: (q.children as (typeof q)[]).map(comparable),
  };
}
