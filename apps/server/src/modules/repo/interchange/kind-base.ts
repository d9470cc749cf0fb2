/** Small helpers the kinds' interchange mappings share (the kinds own the mapping itself). */
import { OPTION_KEYS } from '../kinds/shared.js';
import { type InterQuestion, interQuestion, type KindInput, type StoredQuestion } from './model.js';

/** The parts every kind maps alike: text, level, analysis, tags. */
export const baseOf = (q: StoredQuestion): InterQuestion => ({
  ...interQuestion(q.type, q.content),
  level: q.level,
  analysis: q.analysis,
  tags: q.tags ?? [],
});

/** Options with rightness, both ways (the three choice kinds). */
export const choiceTo = (q: StoredQuestion): InterQuestion => ({
  ...baseOf(q),
  options: q.options.map((o) => ({ text: o.content, right: o.isRight })),
});

export const choiceFrom = (q: InterQuestion): KindInput => ({
  options: q.options.map((o, i) => ({ key: OPTION_KEYS[i] ?? String(i + 1), content: o.text, isRight: o.right })),
  answer: {},
});
