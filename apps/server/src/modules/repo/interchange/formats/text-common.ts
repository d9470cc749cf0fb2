/** Helpers of the interchange text formats (GIFT, Aiken, Moodle XML, QTI). */
import { blankHtml, escapeHtml, plainToHtml } from '@exam/contracts';
import type { InterQuestion } from '../model.js';

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

/** The analysis of an import: general feedback and the options' feedback (kept, issue 26 §2). */
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
