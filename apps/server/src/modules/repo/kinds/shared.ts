/** Helpers shared by the question kinds (no kind-specific rule lives here). */
import { hasRichContent, plainToHtml, type TQuChildSave } from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../../db/schema/repo.js';
import { sanitizeRichText } from '../../../platform/sanitize-html.js';
import { arrange } from './arrange.js';
import type { Add, LearnerParts, MarkOutcome, Snapshot } from './types.js';

export const OPTION_KEYS = 'ABCDEFGH';
/** The xlsx columns of options (and of right-hand matching items). */
export const OPTION_COLS = [...OPTION_KEYS].map((k) => `选项${k}`);

/** Rounds to 2 decimals, the precision of every stored score. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const asStringArray = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;

/** A uniformly random order, identity included (crypto-random: arrange.ts). */
export const shuffle = <T>(items: T[]): T[] => arrange(items);

/** Letters by position: A, B, C… top to bottom. */
export const letterAt = (i: number): string => String.fromCharCode(65 + i);

/**
 * Options as the learner sees them: the letter is the position (A, B, C… top to bottom), not the
 * bank's key, so a shuffle shows no original order. The paper row keeps these letters with their
 * right flags, so marking, the result page and the marker all read the same letters.
 */
export function positional(options: QuestionOption[]): QuestionOption[] {
  return options.map((o, i) => ({ ...o, key: letterAt(i) }));
}

/** Choice options: keys A..H by position, sanitised content, a boolean right flag. */
export const choiceOptions = (options: TQuChildSave['options']): QuestionOption[] =>
  options.map((o, i) => ({
    key: OPTION_KEYS[i] ?? String(i + 1),
    content: sanitizeRichText(o.content),
    isRight: Boolean(o.isRight),
  }));

export const rightKeys = (options: QuestionOption[]): string[] => options.filter((o) => o.isRight).map((o) => o.key);

/** Every option needs content. */
export function checkOptionContents(options: QuestionOption[], add: Add, label = '选项'): void {
  options.forEach((o, i) => {
    if (!hasRichContent(o.content))
      add('options', `${label}${label === '选项' ? o.key : `第${i + 1}项`}的内容不能为空`);
  });
}

/** The snapshot of a kind whose options keep their order (letters by position). */
export const keepOrder = (options: QuestionOption[], answer: QuestionAnswer): Snapshot => ({
  options: positional(options),
  refAnswer: answer,
});

/** A learner's view of plain options: keys and contents, no right flags. */
export const plainParts = (options: QuestionOption[]): LearnerParts => ({
  options: options.map((o) => ({ key: o.key, content: o.content })),
  matching: null,
  blankCount: 0,
});

/** An automatic mark: right when full. */
export const autoOutcome = (score: number, full: number): MarkOutcome => ({
  score,
  isRight: score >= full && full > 0,
  pending: false,
});

export const plainRich = (t: string): string => plainToHtml(t, { blanks: false });
export const noAnswer = (): QuestionAnswer => ({});
