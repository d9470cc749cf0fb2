/**
 * 简答题 (type 4): marked by a person; the score suggested to the marker is the full score times
 * the share of the keyword weights found in the answer.
 */
import { hasRichContent } from '@exam/contracts';
import { sanitizeRichText } from '../../../../platform/sanitize-html.js';
import { normaliseBlank } from '../fill-blank/index.js';
import { asString, keepOrder, plainParts, round2 } from '../shared.js';
import type { QuKind } from '../types.js';

interface KeywordKey {
  reference?: string;
  keywords?: { word: string; weight: number }[];
}

/**
 * Short answer: keyword weights are shares, not points. The suggestion is the full score times the
 * weight of the keywords found over the weight of all keywords (weights 3 and 1 on a 10-point
 * question: 7.5 for the first keyword alone), so the same keywords fit a 5- or a 20-point question.
 */
export function suggestShortAnswer(key: KeywordKey, answer: unknown, full: number): number {
  const text = normaliseBlank(asString(answer) ?? '', false, false);
  if (!text) return 0;
  let found = 0;
  let total = 0;
  for (const k of key.keywords ?? []) {
    const weight = Math.max(0, k.weight);
    total += weight;
    const word = normaliseBlank(k.word, false, false);
    if (word && text.includes(word)) found += weight;
  }
  if (total <= 0) return 0;
  return round2(Math.min(full, (full * found) / total));
}

export const shortAnswer: QuKind = {
  type: 4,
  options: 'none',
  manual: true,
  normaliseAnswer: (a) => ({
    reference: sanitizeRichText(a.reference ?? ''),
    keywords: (a.keywords ?? []).map((k) => ({ word: k.word.trim(), weight: k.weight ?? 1 })),
  }),
  check(q, add) {
    const a = q.answer as { reference: string; keywords: { word: string; weight: number }[] };
    if (!hasRichContent(a.reference)) add('answer.reference', '简答题的参考答案不能为空');
    a.keywords.forEach((k, i) => {
      if (!k.word) add('answer.keywords', `第${i + 1}个得分关键词不能为空`);
      if (!(k.weight > 0)) add('answer.keywords', `得分关键词“${k.word}”的权重必须大于0`);
    });
    const words = a.keywords.map((k) => k.word);
    if (new Set(words).size !== words.length) add('answer.keywords', '得分关键词不能重复');
  },
  snapshot: keepOrder,
  learnerParts: (q) => plainParts(q.options),
  reference: (ref) => {
    const r = ref as KeywordKey;
    return { reference: r.reference ?? '', keywords: r.keywords ?? [] };
  },
  print: {
    key: (q, plain) => {
      const r = q.refAnswer as KeywordKey;
      const lines: string[] = [];
      if (r.reference) lines.push(plain(r.reference));
      if (r.keywords?.length)
        lines.push(`得分关键词：${r.keywords.map((k) => `${k.word}（权重${k.weight}）`).join('、')}`);
      return lines;
    },
  },
  mark: (q, answer) => ({
    score: suggestShortAnswer(q.refAnswer as KeywordKey, answer, q.score),
    isRight: null,
    pending: true,
  }),
  markingHints: (ref) => {
    const r = ref as KeywordKey;
    return { keywords: r.keywords ?? [], reference: r.reference ?? null };
  },
  practiceFull: (ref) => ((ref as KeywordKey).keywords ?? []).reduce((s, k) => s + Math.max(0, k.weight), 0),
};
