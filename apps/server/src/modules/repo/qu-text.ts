/**
 * The text form of a question's parts shared by the xlsx and docx formats:
 * - type and level by their Chinese labels (单选题..组合题, 普通/困难);
 * - choice answers as letters (`A`, `ABD`, `A,B,D`); true/false also 正确/错误 (对/错, √/×);
 * - fill-blank answers: blanks separated by `；` (or `;`), accepted alternatives by `|`,
 *   e.g. `北京|京；上海`; its settings as words: 区分大小写, 区分全半角, 顺序无关;
 * - short-answer keywords: `安全:2；责任:1` (weight 1 when omitted);
 * - matching pairs: `1-A；2-C` (left items numbered from 1, right items lettered from A);
 * - ordering: the option letters in the right order, `CABD`;
 * - tags separated by `，`, `,`, `、` or `;`.
 */
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';

const TYPE_ALIASES: Record<string, number> = {
  单选: 1,
  多选: 2,
  判断: 3,
  简答: 4,
  问答: 4,
  填空: 5,
  匹配: 6,
  连线: 6,
  排序: 7,
  排列: 7,
  组合: 99,
  材料: 99,
  阅读: 99,
};

/** Question type from a label such as 单选题 or 单选; null when unknown. */
export function parseType(text: string): number | null {
  const t = text.trim().replace(/题$/, '');
  for (const [code, label] of Object.entries(QUESTION_TYPE_LABELS))
    if (label.replace(/题$/, '') === t) return Number(code);
  return TYPE_ALIASES[t] ?? (/^\d+$/.test(t) && QUESTION_TYPE_LABELS[Number(t)] ? Number(t) : null);
}

/** Level from 普通/困难 (also 简单/一般/容易 and 难); empty gives 普通; null when unknown. */
export function parseLevel(text: string): number | null {
  const t = text.trim();
  if (!t) return 1;
  if (['普通', '简单', '一般', '容易', '中等', '1'].includes(t)) return 1;
  if (['困难', '难', '较难', '2'].includes(t)) return 2;
  return null;
}

export const levelLabel = (level: number): string => QUESTION_LEVEL_LABELS[level] ?? '普通';
export const typeLabel = (type: number): string => QUESTION_TYPE_LABELS[type] ?? '';

const TRUE_WORDS = ['正确', '对', '√', '✓', 'T', 'TRUE', '是', 'Y'];
const FALSE_WORDS = ['错误', '错', '×', '✗', 'F', 'FALSE', '否', 'N'];

/** Right option letters of a choice answer (true/false also by words); null when it cannot be read. */
export function parseChoiceAnswer(text: string, trueFalse: boolean, optionTexts: string[]): string[] | null {
  const t = text.trim().toUpperCase();
  if (trueFalse) {
    const truth = TRUE_WORDS.includes(t) ? true : FALSE_WORDS.includes(t) ? false : null;
    if (truth !== null) {
      const words = truth ? TRUE_WORDS : FALSE_WORDS;
      const i = optionTexts.findIndex((o) => words.includes(o.trim().toUpperCase()));
      return [i >= 0 ? 'ABCDEFGH'[i] : truth ? 'A' : 'B'];
    }
  }
  const letters = t.replace(/[\s,，、;；]/g, '');
  if (!/^[A-H]+$/.test(letters)) return null;
  return [...new Set(letters.split(''))];
}

const SEP = /[；;\n]/;

/** Blanks from `a|b；c`. */
export function parseBlanks(text: string): { answers: string[] }[] {
  if (!text.trim()) return [];
  return text.split(SEP).map((b) => ({
    answers: b
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
  }));
}
export const formatBlanks = (blanks: { answers: string[] }[]): string =>
  blanks.map((b) => b.answers.join('|')).join('；');

/** Fill-blank settings from words. */
export function parseFillFlags(text: string) {
  return {
    caseSensitive: /区分大小写/.test(text) && !/不区分大小写/.test(text),
    widthSensitive: /区分全半角/.test(text) && !/不区分全半角/.test(text),
    orderMatters: !/顺序无关/.test(text),
  };
}
export function formatFillFlags(a: {
  caseSensitive?: boolean;
  widthSensitive?: boolean;
  orderMatters?: boolean;
}): string {
  const words: string[] = [];
  if (a.caseSensitive) words.push('区分大小写');
  if (a.widthSensitive) words.push('区分全半角');
  if (a.orderMatters === false) words.push('顺序无关');
  return words.join('；');
}

/** Keywords from `词:2；词`; null when a weight is not a number. */
export function parseKeywords(text: string): { word: string; weight: number }[] | null {
  const out: { word: string; weight: number }[] = [];
  for (const part of text
    .split(SEP)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s*[:：]\s*([^:：]*)$/.exec(part);
    const weight = m ? Number(m[2]) : 1;
    if (Number.isNaN(weight)) return null;
    out.push({ word: (m ? m[1] : part).trim(), weight });
  }
  return out;
}
export const formatKeywords = (k: { word: string; weight: number }[]): string =>
  k.map((x) => `${x.word}:${x.weight}`).join('；');

/** Matching pairs from `1-A；2-C`; null when a pair cannot be read. */
export function parsePairs(text: string): { left: string; right: string }[] | null {
  const out: { left: string; right: string }[] = [];
  for (const part of text.split(/[；;,，、\n\s]+/).filter(Boolean)) {
    const m = /^(\d+)\s*[-—–:：=]\s*([A-Ha-h])$/.exec(part);
    if (!m) return null;
    out.push({ left: m[1], right: m[2].toUpperCase() });
  }
  return out;
}
export const formatPairs = (pairs: { left: string; right: string }[]): string =>
  pairs.map((p) => `${p.left}-${p.right}`).join('；');

export const parseTags = (text: string): string[] =>
  [
    ...new Set(
      text
        .split(/[，,、;；\n]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
export const formatTags = (tags: string[]): string => tags.join('，');
