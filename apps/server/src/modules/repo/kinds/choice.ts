/**
 * The parts the three choice kinds (single, multiple, true/false) share: options with right
 * flags, letters by position, the answer as letters in the text formats.
 */
import type { TQuChildSave } from '@exam/contracts';
import type { QuestionOption } from '../../../db/schema/repo.js';
import { parseChoiceAnswer } from '../qu-text.js';
import {
  asString,
  asStringArray,
  OPTION_COLS,
  OPTION_KEYS,
  plainRich,
  positional,
  rightKeys,
  shuffle,
} from './shared.js';
import type { DocxReadCtx, ExportCells, ExportQuestion, Rich, Snapshot, XlsxReadCtx } from './types.js';

/** Single choice and true/false: full score for exactly the right option. */
export function scoreSingle(options: QuestionOption[], answer: unknown, full: number): number {
  const given = asString(answer) ?? asStringArray(answer)?.[0] ?? null;
  const right = rightKeys(options);
  return given !== null && right.length === 1 && right[0] === given ? full : 0;
}

/** Shuffled when the exam says so, then lettered by position. */
export const shuffledChoices =
  (shuffles: boolean) =>
  (options: QuestionOption[], answer: Snapshot['refAnswer'], shuffleOpt: boolean): Snapshot => ({
    options: positional(shuffles && shuffleOpt ? shuffle(options) : options),
    refAnswer: answer,
  });

export function writeChoice(q: ExportQuestion, cells: ExportCells, rich: Rich): void {
  q.options.forEach((o, i) => {
    cells[OPTION_COLS[i]] = rich(o.content);
  });
  cells.答案 = q.options
    .filter((o) => o.isRight)
    .map((o) => o.key)
    .join('');
}

/** Options and right flags from option texts and an answer of letters (or 正确/错误 for type 3). */
function readChoice(trueFalse: boolean, present: string[], answer: string, issue: XlsxReadCtx['issue'], xlsx: boolean) {
  const texts = trueFalse && present.length === 0 ? ['正确', '错误'] : present;
  const rights = answer.trim() ? parseChoiceAnswer(answer, trueFalse, texts) : [];
  if (rights === null) issue('答案', `答案“${answer}”无法识别，应填写选项字母`);
  const options: TQuChildSave['options'] = texts.map((t, i) => ({
    key: OPTION_KEYS[i],
    content: plainRich(t),
    isRight: Boolean(rights?.includes(OPTION_KEYS[i])),
  }));
  const unknown = rights?.filter((k) => OPTION_KEYS.indexOf(k) >= texts.length) ?? [];
  if (xlsx && unknown.length) issue('答案', `答案中的选项${unknown.join('、')}不存在`);
  return { options, answer: {} };
}

/** The text formats of a choice kind; `trueFalse` reads 正确/错误 and fills those two options when empty. */
export const choiceXlsx = (trueFalse: boolean) => ({
  write: writeChoice,
  read: (c: XlsxReadCtx) => readChoice(trueFalse, c.present, c.answer, c.issue, true),
});
export const choiceDocx = (trueFalse: boolean) => ({
  read: (c: DocxReadCtx) => readChoice(trueFalse, c.options, c.answer, c.issue, false),
});
