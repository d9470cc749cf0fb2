/**
 * 填空题 (type 5): blanks in the content, accepted answers per blank; scored per right blank
 * (normalised as the question says; without order, answers may fill the blanks in any order).
 * A numeric blank (a tolerance, 0 included, from Moodle/GIFT numerical answers) takes a number
 * within ± tolerance of an accepted answer.
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
  blanks: { answers: string[]; tolerance?: number | null }[];
  caseSensitive?: boolean;
  widthSensitive?: boolean;
  orderMatters?: boolean;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A written number (full-width digits and spaces allowed), or null. */
export function numberOf(text: string): number | null {
  const s = normaliseBlank(text, false, false).replace(/\s+/g, '');
  return NUMBER.test(s) ? Number(s) : null;
}

const isNumeric = (b: BlankKey['blanks'][number]) => typeof b.tolerance === 'number';

/** Whether a blank accepts an answer: by normalised text, or by value for a numeric blank. */
function acceptsOf(key: BlankKey) {
  const norm = (s: string) => normaliseBlank(s, key.caseSensitive ?? false, key.widthSensitive ?? false);
  return key.blanks.map((b) => {
    if (isNumeric(b)) {
      const tol = b.tolerance ?? 0;
      const values = b.answers.map(numberOf).filter((n): n is number => n !== null);
      // A relative margin of 1e-9 lets 0.1 + 0.2 style rounding pass at the edge of the range.
      return (given: string) => {
        const x = numberOf(given);
        return x !== null && values.some((v) => Math.abs(x - v) <= tol + 1e-9 * Math.max(1, Math.abs(v)));
      };
    }
    const set = new Set(b.answers.map(norm));
    return (given: string) => given.trim() !== '' && set.has(norm(given));
  });
}

/** Number of blanks answered right; without order, a maximum matching of answers to blanks. */
export function countRightBlanks(key: BlankKey, answer: unknown): number {
  const values = asStringArray(answer) ?? [];
  const accepts = acceptsOf(key);
  if (key.orderMatters !== false) {
    return accepts.filter((ok, i) => values[i] !== undefined && values[i] !== '' && ok(values[i])).length;
  }
  // Bipartite matching (answers -> blanks) by augmenting paths; a handful of blanks at most.
  const blankOf: number[] = accepts.map(() => -1);
  const tryAssign = (v: number, seen: boolean[]): boolean => {
    for (let b = 0; b < accepts.length; b++) {
      if (seen[b] || values[v] === '' || !accepts[b](values[v])) continue;
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
        accepts.map(() => false),
      )
    )
      count++;
  return count;
}

/** A blank's accepted answers as text: `a / b`, a numeric one with its margin (`3（±2）`). */
export const blankKeyText = (b: BlankKey['blanks'][number]): string =>
  (b.answers ?? []).join(' / ') + (b.tolerance ? `（±${b.tolerance}）` : '');

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
    blanks: (a.blanks ?? []).map((b) => ({
      answers: b.answers.map((s) => s.trim()).filter(Boolean),
      // Only a numeric blank carries a tolerance (0 is an exact number), so text blanks stay as they were.
      ...(typeof b.tolerance === 'number' ? { tolerance: b.tolerance } : {}),
    })),
    caseSensitive: Boolean(a.caseSensitive),
    widthSensitive: Boolean(a.widthSensitive),
    orderMatters: a.orderMatters ?? true,
  }),
  check(q, add) {
    const a = q.answer as BlankKey;
    const inContent = countBlanks(q.content);
    if (inContent === 0) add('content', '填空题的内容中至少需要一个空');
    if (a.blanks.length !== inContent)
      add('answer.blanks', `题目内容中有${inContent}个空，但给出了${a.blanks.length}个空的答案`);
    a.blanks.forEach((b, i) => {
      if (b.answers.length === 0) add('answer.blanks', `第${i + 1}个空至少需要一个答案`);
      else if (isNumeric(b) && b.answers.some((x) => numberOf(x) === null))
        add('answer.blanks', `第${i + 1}个空是数值答案（误差±${b.tolerance}），答案必须是数字`);
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
      return blanks.length ? [blanks.map((b, i) => `(${i + 1}) ${blankKeyText(b)}`).join('  ')] : [];
    },
  },
  mark: (q, answer) => autoOutcome(scoreFillBlank(q.refAnswer as unknown as BlankKey, answer, q.score), q.score),
};
