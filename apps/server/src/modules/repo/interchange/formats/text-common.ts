/** Helpers of the interchange text formats (GIFT, Aiken, Moodle XML, QTI). */
import { blankHtml, escapeHtml, plainToHtml, unescapeHtml } from '@exam/contracts';
import type { InterBlank, InterQuestion } from '../model.js';

/** How the writers title a question the format cannot express (`未导出：reason`); the readers skip it. */
export const NOT_EXPORTED = '未导出：';

/** Image types a file may carry inline (read as pending images, stored through the storage port). */
export const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Plain text to our HTML: paragraphs per line, nothing else interpreted (no $formula$, no ____). */
export const textHtml = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');

/** Text with one blank where `marker` stands, as HTML: our plain form (`$x$`) or the format's HTML. */
export function withBlank(before: string, after: string, html: boolean): string {
  if (html) return `${before}${blankHtml(1)}${after}`;
  return plainToHtml(`${before.replace(/_{3,}/g, '＿')}____${after.replace(/_{3,}/g, '＿')}`, { blanks: true });
}

/** The analysis of an import: general feedback and the options' feedback (kept). */
export function analysisWith(general: string | null, q: Pick<InterQuestion, 'options'>, letters = true): string | null {
  const lines = q.options
    .map((o, i) => (o.feedback ? `<p>${letters ? `${String.fromCharCode(65 + i)}：` : ''}${o.feedback}</p>` : ''))
    .filter(Boolean);
  const parts = [general ?? '', ...lines].filter(Boolean);
  return parts.length ? parts.join('') : null;
}

/** A true/false question's value when its options are our 正确/错误 (else the format cannot say it). */
export function trueFalseValue(q: InterQuestion): boolean | null {
  const texts = q.options.map((o) => o.text.replace(/<[^>]+>/g, '').trim());
  if (texts.length !== 2 || texts[0] !== '正确' || texts[1] !== '错误') return null;
  return q.options[0].right;
}

/** Why a format cannot express a question, or null when it can (common to GIFT, Aiken, Moodle XML). */
export function fillFlagsReason(q: InterQuestion): string | null {
  if (q.widthSensitive) return '该格式不能表示“区分全半角”的填空题';
  if (q.orderMatters === false && q.blanks.length > 1) return '该格式不能表示“顺序无关”的填空题';
  return null;
}

export const typeName: Record<number, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '简答题',
  5: '填空题',
  6: '匹配题',
  7: '排序题',
  99: '组合题',
};

const NUM = '[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?';

/** A GIFT/Moodle numeric answer: `3`, `3:2` (± 2) or `1..5` (the middle, ± half the width). */
function numericAnswer(text: string): { value: string; tolerance: number } | { reason: string } {
  const range = new RegExp(`^(${NUM})\\s*\\.\\.\\s*(${NUM})$`).exec(text);
  if (range) {
    const lo = Number(range[1]);
    const hi = Number(range[2]);
    if (hi < lo) return { reason: `数值范围“${text}”的上限小于下限` };
    return { value: String(round((lo + hi) / 2)), tolerance: round((hi - lo) / 2) };
  }
  const tol = new RegExp(`^(${NUM})\\s*(?::\\s*(${NUM}))?$`).exec(text);
  if (!tol) return { reason: `数值答案“${text}”无法识别` };
  return { value: String(Number(tol[1])), tolerance: Math.abs(Number(tol[2] ?? 0)) };
}

/** Rounds away binary noise ((3.141 + 3.142) / 2 = 3.1415000000000002). */
const round = (n: number) => Number(n.toPrecision(12));

/** A numeric blank of full-credit answers (`3`, `3:2`, `1..5`): one tolerance for all of them. */
export function numericBlank(texts: string[]): InterBlank | { reason: string } {
  if (texts.length === 0) return { reason: '数值题没有满分答案，无法确定正确答案' };
  const read = texts.map((t) => numericAnswer(t.trim()));
  const bad = read.find((r) => 'reason' in r);
  if (bad && 'reason' in bad) return bad;
  const values = read as { value: string; tolerance: number }[];
  if (values.some((v) => v.tolerance !== values[0].tolerance))
    return { reason: '数值题的几个满分答案误差范围不同，填空题每空只有一个误差范围' };
  return { answers: values.map((v) => v.value), tolerance: values[0].tolerance };
}

type Keyword = { word: string; weight: number };

/**
 * A short answer's scoring keywords as a list after the reference, for graders (Moodle graderinfo,
 * a QTI scorer rubric): `<div class="qu-keywords"><p>得分关键词：</p><ul><li data-weight="2">词（权重2）</li>…`.
 */
export function keywordsHtml(keywords: Keyword[]): string {
  if (keywords.length === 0) return '';
  const items = keywords.map((k) => `<li data-weight="${k.weight}">${escapeHtml(k.word)}（权重${k.weight}）</li>`);
  return `<div class="qu-keywords"><p>得分关键词：</p><ul>${items.join('')}</ul></div>`;
}

/** The reference and the keywords of a grader text written by keywordsHtml (none: the text as it is). */
export function splitKeywords(html: string): { reference: string; keywords: Keyword[] } {
  const block = /<div class="qu-keywords">[\s\S]*?<\/ul>\s*<\/div>/.exec(html);
  if (!block) return { reference: html, keywords: [] };
  const keywords = [...block[0].matchAll(/<li data-weight="([\d.]+)">([\s\S]*?)<\/li>/g)].map((m) => ({
    word: unescapeHtml(m[2].replace(/（权重[\d.]+）$/, '')).trim(),
    weight: Number(m[1]),
  }));
  return { reference: html.replace(block[0], '').trim(), keywords };
}
