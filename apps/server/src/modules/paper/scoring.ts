/**
 * Automatic marking rules, pure functions shared by exams and training (issue 5):
 * single and true/false exact; multiple per the exam's partial-credit policy; fill blank per blank
 * (normalised as the question says, order optional); matching per right pair; composite the sum of
 * its children; short answer manual, with a score suggested from its keywords.
 * Answers come from the client and are treated as untrusted: a wrong shape scores 0.
 */
import type { QuestionAnswer, QuestionOption } from '../../db/schema/repo.js';

/** Multiple choice partial credit: 0 none, 1 half for a right subset, 2 per right choice. */
export type MultiPolicyValue = 0 | 1 | 2;

export interface QuestionKey {
  type: number;
  score: number;
  options: QuestionOption[];
  refAnswer: QuestionAnswer;
}

export interface MarkOutcome {
  score: number;
  /** null while a subjective answer awaits manual marking. */
  isRight: boolean | null;
  /** True for a short answer: a person gives the score; `score` is then the suggestion. */
  pending: boolean;
}

/** Rounds to 2 decimals, the precision of every stored score. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

const OBJECTIVE_TYPES = new Set([1, 2, 3, 5, 6]);
/** Whether a question type is marked without a person (composite: see its children). */
export const isObjective = (type: number): boolean => OBJECTIVE_TYPES.has(type);

const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const asStringArray = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;

const rightKeys = (options: QuestionOption[]): string[] => options.filter((o) => o.isRight).map((o) => o.key);

/** Single choice and true/false: full score for exactly the right option. */
export function scoreSingle(options: QuestionOption[], answer: unknown, full: number): number {
  const given = asString(answer) ?? asStringArray(answer)?.[0] ?? null;
  const right = rightKeys(options);
  return given !== null && right.length === 1 && right[0] === given ? full : 0;
}

/** Multiple choice: full when exactly right, else per policy (see MultiPolicyValue). */
export function scoreMultiple(
  options: QuestionOption[],
  answer: unknown,
  full: number,
  policy: MultiPolicyValue,
): number {
  const given = new Set(asStringArray(answer) ?? []);
  const right = new Set(rightKeys(options));
  if (given.size === 0 || right.size === 0) return 0;
  const wrong = [...given].some((k) => !right.has(k));
  const hits = [...given].filter((k) => right.has(k)).length;
  if (!wrong && hits === right.size) return full;
  if (wrong || policy === 0) return 0;
  if (policy === 1) return round2(full / 2);
  return round2((full * hits) / right.size);
}

const FULL_WIDTH = /[\uff01-\uff5e]/g;

/** Normalises a blank answer: trim, collapse spaces, full-width to half-width and case unless sensitive. */
export function normaliseBlank(text: string, caseSensitive: boolean, widthSensitive: boolean): string {
  let s = text;
  if (!widthSensitive)
    s = s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
  s = s.trim().replace(/\s+/g, ' ');
  return caseSensitive ? s : s.toLowerCase();
}

interface BlankKey {
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

interface MatchingKey {
  pairs: { left: string; right: string }[];
}

/** Matching: score × right pairs / pairs. The answer maps left keys to right keys. */
export function scoreMatching(key: MatchingKey, answer: unknown, full: number): number {
  if (!key.pairs?.length || !answer || typeof answer !== 'object' || Array.isArray(answer)) return 0;
  const given = answer as Record<string, unknown>;
  const right = key.pairs.filter((p) => given[p.left] === p.right).length;
  return round2((full * right) / key.pairs.length);
}

interface KeywordKey {
  keywords?: { word: string; weight: number }[];
}

/** Short answer: the sum of the weights of the keywords found, capped at the full score. */
export function suggestShortAnswer(key: KeywordKey, answer: unknown, full: number): number {
  const text = normaliseBlank(asString(answer) ?? '', false, false);
  if (!text) return 0;
  let sum = 0;
  for (const k of key.keywords ?? []) {
    const word = normaliseBlank(k.word, false, false);
    if (word && text.includes(word)) sum += Math.max(0, k.weight);
  }
  return round2(Math.min(full, sum));
}

/** Marks one non-composite question. */
export function markQuestion(q: QuestionKey, answer: unknown, policy: MultiPolicyValue = 0): MarkOutcome {
  const ref = q.refAnswer as Record<string, unknown>;
  let score: number;
  switch (q.type) {
    case 1:
    case 3:
      score = scoreSingle(q.options, answer, q.score);
      break;
    case 2:
      score = scoreMultiple(q.options, answer, q.score, policy);
      break;
    case 5:
      score = scoreFillBlank(ref as unknown as BlankKey, answer, q.score);
      break;
    case 6:
      score = scoreMatching(ref as unknown as MatchingKey, answer, q.score);
      break;
    case 4:
      return { score: suggestShortAnswer(ref as KeywordKey, answer, q.score), isRight: null, pending: true };
    default:
      return { score: 0, isRight: false, pending: false };
  }
  return { score, isRight: score >= q.score && q.score > 0, pending: false };
}

/** Composite: the sum of its children; right when every child is; pending while one is. */
export function markComposite(children: MarkOutcome[]): MarkOutcome {
  const pending = children.some((c) => c.pending);
  return {
    score: round2(children.reduce((s, c) => s + c.score, 0)),
    isRight: pending ? null : children.length > 0 && children.every((c) => c.isRight === true),
    pending,
  };
}

/** Splits a composite question's score over its children (2 decimals, the last takes the rest). */
export function splitScore(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const each = Math.floor((total * 100) / parts) / 100;
  const out = Array.from({ length: parts }, () => each);
  out[parts - 1] = round2(total - each * (parts - 1));
  return out;
}

/** Total = objective + subjective; passed when total >= pass score. */
export function totalOf(objScore: number, subjScore: number, passScore: number): { total: number; passed: boolean } {
  const total = round2(objScore + subjScore);
  return { total, passed: total >= passScore };
}
