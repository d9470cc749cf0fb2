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

/** What a round trip keeps: type, text, options and their rightness, answers, analysis (ordering keys are random). */
export function comparable(q: {
  type: number;
  content: string;
  analysis: string | null;
  options: { content: string; isRight: boolean }[];
  answer: unknown;
  children: unknown[];
}): unknown {
  const answer = q.type === 7 ? {} : q.answer;
  return {
    type: q.type,
    content: q.content,
    analysis: q.analysis,
    options: q.options.map((o) => [o.content, o.isRight]),
    answer,
    children: (q.children as (typeof q)[]).map(comparable),
  };
}
