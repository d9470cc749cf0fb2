/**
 * 填空题 (type 5): blanks in the content, accepted answers per blank; scored per right blank
 * (normalised as the question says; without order, answers may fill the blanks in any order).
 */
import { countBlanks } from '@exam/contracts';
import { asStringArray, autoOutcome, keepOrder, round2 } from '../shared.js';
import type { QuKind } from '../types.js';

const FULL_WIDTH = /[\uff01-\uff5e]/g;

/** Normalises a blank answer: trim, collapse spaces, full-width to half-width and case unless sensitive. */
export function normaliseBlank(text: string, caseSensitive: boolean, widthSensitive: boolean): string {
  let s = text;
  if (!widthSensitive)
    s = s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
  s = s.trim().replace(/\s+/g, ' ');
  return caseSensitive ? s : s.toLowerCase();
}

export interface BlankKey {
  blanks: { answers: string[] }[];
  caseSensitive?: boolean;
  widthSensitive?: boolean;
  orderMatters?: boolean;
}

/** Number of blanks answered right; without order, a maximum matching of answers to blanks. */
export function countRightBlanks(key: BlankKey, answer: unknown): number {
  const given = asStringArray(answer) ?? [];
  const norm = (s: string) => normaliseBlank(s, key.caseSensitive ?? false, key.widthSensitive ?? false);
  const accepted = key.blanks.map((b) => new Set(b.answers.map(norm)));
  const values = given.map(norm);
  if (key.orderMatters !== false) {
    return accepted.filter((set, i) => values[i] !== undefined && values[i] !== '' && set.has(values[i])).length;
  }
  // Bipartite matching (answers -> blanks) by augmenting paths; a handful of blanks at most.
  const blankOf: number[] = accepted.map(() => -1);
  const tryAssign = (v: number, seen: boolean[]): boolean => {
    for (let b = 0; b < accepted.length; b++) {
      if (seen[b] || values[v] === '' || !accepted[b].has(values[v])) continue;
      seen[b] = true;
      if (blankOf[b] === -1 || tryAssign(blankOf[b], seen)) {
        blankOf[b] = v;
        return true;
      }
    }
    return false;
  };
  let count = 0;
  for (let v = 0; v < values.length; v++)
    if (
      tryAssign(
        v,
        accepted.map(() => false),
      )
    )
      count++;
  return count;
}

/** Fill blank: score × right blanks / blanks. */
export function scoreFillBlank(key: BlankKey, answer: unknown, full: number): number {
  if (!key.blanks?.length) return 0;
  return round2((full * countRightBlanks(key, answer)) / key.blanks.length);
}

export const fillBlank: QuKind = {
  type: 5,
  options: 'none',
  contentBlanks: true,
  normaliseAnswer: (a) => ({
    blanks: (a.blanks ?? []).map((b) => ({ answers: b.answers.map((s) => s.trim()).filter(Boolean) })),
    caseSensitive: Boolean(a.caseSensitive),
    widthSensitive: Boolean(a.widthSensitive),
    orderMatters: a.orderMatters ?? true,
  }),
  check(q, add) {
    const a = q.answer as { blanks: { answers: string[] }[] };
    const inContent = countBlanks(q.content);
    if (inContent === 0) add('content', '填空题的内容中至少需要一个空');
    if (a.blanks.length !== inContent)
      add('answer.blanks', `题目内容中有${inContent}个空，但给出了${a.blanks.length}个空的答案`);
    a.blanks.forEach((b, i) => {
      if (b.answers.length === 0) add('answer.blanks', `第${i + 1}个空至少需要一个答案`);
    });
  },
  snapshot: keepOrder,
  learnerParts: (q, from) => {
    const blanks = (q.answer as { blanks?: unknown[] }).blanks;
    return {
      options: [],
      matching: null,
      // A paper counts the blanks of its key; the bank counts those of the content (equal when valid).
      blankCount: from === 'paper' ? (Array.isArray(blanks) ? blanks.length : 0) : countBlanks(q.content),
    };
  },
  reference: (ref) => ({ blanks: (ref as Partial<BlankKey>).blanks ?? [] }),
  print: {
    key: (q) => {
      const blanks = (q.refAnswer as Partial<BlankKey>).blanks ?? [];
      return blanks.length ? [blanks.map((b, i) => `(${i + 1}) ${(b.answers ?? []).join(' / ')}`).join('  ')] : [];
    },
  },
  mark: (q, answer) => autoOutcome(scoreFillBlank(q.refAnswer as unknown as BlankKey, answer, q.score), q.score),
};
