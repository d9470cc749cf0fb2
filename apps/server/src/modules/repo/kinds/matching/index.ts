/**
 * 匹配题 (type 6): left items 1..n, right items A..H (extra ones are distractors), one pair per
 * left item; scored per right pair. In a paper the right column is shuffled and relettered.
 */
import { hasRichContent } from '@exam/contracts';
import type { QuestionAnswer } from '../../../../db/schema/repo.js';
import { sanitizeRichText } from '../../../../platform/sanitize-html.js';
import { viewOrder } from '../arrange.js';
import { autoOutcome, letterAt, OPTION_KEYS, positional, round2, shuffle } from '../shared.js';
import type { KindPrint, Plain, QuKind } from '../types.js';

interface Item {
  key: string;
  content: string;
}
interface MatchingAnswer {
  left?: Item[];
  right?: Item[];
  pairs?: { left: string; right: string }[];
}

/** Matching: score × right pairs / pairs. The answer maps left keys to right keys. */
export function scoreMatching(
  key: { pairs: { left: string; right: string }[] },
  answer: unknown,
  full: number,
): number {
  if (!key.pairs?.length || !answer || typeof answer !== 'object' || Array.isArray(answer)) return 0;
  const given = answer as Record<string, unknown>;
  const right = key.pairs.filter((p) => given[p.left] === p.right).length;
  return round2((full * right) / key.pairs.length);
}

/**
 * The right column of a matching question is shown shuffled and relettered by position, its pairs
 * rewritten to the new letters, so neither the order nor the letters give a pair away.
 */
export function shuffleRightColumn(answer: QuestionAnswer): QuestionAnswer {
  const a = answer as MatchingAnswer;
  if (!Array.isArray(a.right)) return answer;
  const right = shuffle(a.right);
  const letterOf = new Map(right.map((r, i) => [r.key, letterAt(i)]));
  return {
    ...a,
    right: right.map((r, i) => ({ ...r, key: letterAt(i) })),
    pairs: (a.pairs ?? []).map((p) => ({ left: p.left, right: letterOf.get(p.right) ?? '' })),
  } as QuestionAnswer;
}

const columns = (v: unknown): Item[] =>
  Array.isArray(v) ? v.map((c) => ({ key: String(c?.key ?? ''), content: String(c?.content ?? '') })) : [];

/** The printed text of an item of one column, by its key (the key itself when unknown). */
const itemName = (a: MatchingAnswer, plain: Plain) => (side: 'left' | 'right', key: string) =>
  plain(columns(a[side]).find((x) => x.key === key)?.content ?? key);

const print: KindPrint = {
  body: (q, plain) => {
    const a = q.refAnswer as MatchingAnswer;
    const line = (items: Item[]) => items.map((x) => `${x.key}. ${plain(x.content)}`).join('   ');
    return [`左列：${line(columns(a.left))}`, `右列：${line(columns(a.right))}`];
  },
  key: (q, plain) => {
    const a = q.refAnswer as MatchingAnswer;
    const name = itemName(a, plain);
    const pairs = a.pairs ?? [];
    return pairs.length ? [pairs.map((p) => `${name('left', p.left)} → ${name('right', p.right)}`).join('；')] : [];
  },
  answer: (given, q, plain) => {
    if (!given || typeof given !== 'object' || Array.isArray(given)) return null;
    const name = itemName(q.refAnswer as MatchingAnswer, plain);
    const entries = Object.entries(given as Record<string, unknown>).filter(([, v]) => v);
    if (!entries.length) return '（未作答）';
    return entries.map(([l, r]) => `${name('left', l)} → ${name('right', String(r))}`).join('；');
  },
};

export const matching: QuKind = {
  type: 6,
  options: 'none',
  normaliseAnswer(a) {
    // Canonical keys (left 1..n, right A..H) so that every format writes the same question.
    const leftMap = new Map<string, string>();
    const rightMap = new Map<string, string>();
    const left = (a.left ?? []).map((it, i) => {
      const key = String(i + 1);
      if (it.key && !leftMap.has(it.key)) leftMap.set(it.key, key);
      return { key, content: sanitizeRichText(it.content) };
    });
    const right = (a.right ?? []).map((it, i) => {
      const key = OPTION_KEYS[i] ?? String(i + 1);
      if (it.key && !rightMap.has(it.key)) rightMap.set(it.key, key);
      return { key, content: sanitizeRichText(it.content) };
    });
    const pairs = (a.pairs ?? []).map((p) => ({
      left: leftMap.get(p.left) ?? p.left,
      right: rightMap.get(p.right) ?? p.right,
    }));
    return { left, right, pairs };
  },
  check(q, add) {
    const a = q.answer as Required<MatchingAnswer>;
    if (a.left.length < 1) add('answer.left', '匹配题至少需要一个左侧项');
    if (a.right.length < 1) add('answer.right', '匹配题至少需要一个右侧项');
    const leftKeys = a.left.map((l) => l.key);
    const rightKeys = a.right.map((r) => r.key);
    a.left.forEach((l, i) => {
      if (!hasRichContent(l.content)) add('answer.left', `左侧第${i + 1}项的内容不能为空`);
    });
    a.right.forEach((r, i) => {
      if (!hasRichContent(r.content)) add('answer.right', `右侧第${i + 1}项的内容不能为空`);
    });
    a.left.forEach((l, i) => {
      const n = a.pairs.filter((p) => p.left === l.key).length;
      if (n !== 1) add('answer.pairs', `左侧第${i + 1}项必须有且只有一个匹配项`);
    });
    for (const p of a.pairs) {
      if (!leftKeys.includes(p.left)) add('answer.pairs', `匹配关系引用了不存在的左侧项“${p.left}”`);
      if (!rightKeys.includes(p.right)) add('answer.pairs', `匹配关系引用了不存在的右侧项“${p.right}”`);
    }
  },
  snapshot: (options, answer) => ({ options: positional(options), refAnswer: shuffleRightColumn(answer) }),
  learnerParts: (q, from) => {
    const a = q.answer as MatchingAnswer;
    // A bank row's right column may be typed in the pairs' order: the viewer's fixed order instead.
    const right =
      from === 'paper' ? columns(a.right) : viewOrder(columns(a.right), from.viewerId, from.quId, from.session);
    return { options: [], matching: { left: columns(a.left), right }, blankCount: 0 };
  },
  reference: (ref) => ({ pairs: (ref as MatchingAnswer).pairs ?? [] }),
  print,
  mark: (q, answer) =>
    autoOutcome(scoreMatching(q.refAnswer as { pairs: { left: string; right: string }[] }, answer, q.score), q.score),
};
