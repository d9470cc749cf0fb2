/**
 * Aiken (docs.moodle.org/en/Aiken_format): a question line, choice lines `A)` or `A.`, and an
 * `ANSWER: B` line; questions separated by blank lines. Only single choice; a question without a
 * valid ANSWER is skipped with its line number. Writing: single choice questions with plain
 * one-line texts; anything else is listed as not exported (Aiken has no other kind and no comments).
 */
import { htmlToPlain } from '@exam/contracts';
import { formatsOf } from '../kinds/index.js';
import { type InterQuestion, interQuestion, type ReadResult, type Skip } from '../model.js';
import { textHtml, typeName } from './text-common.js';

const CHOICE = /^([A-Z])\s*[.)]\s*(.*)$/;
const ANSWER = /^ANSWER\s*:\s*([A-Z])\s*$/i;

export function readAiken(source: string): ReadResult {
  const result: ReadResult = { entries: [], skipped: [] };
  let cur: { line: number; stem: string[]; options: string[]; letters: string[] } | null = null;
  const finish = (answer: string | null, line: number) => {
    if (!cur) return;
    const place = `第${cur.line}行`;
    if (answer === null) result.skipped.push({ place, reason: `第${line}行之前缺少有效的“ANSWER:”行` });
    else if (cur.options.length < 2) result.skipped.push({ place, reason: '至少需要两个选项' });
    else {
      const at = cur.letters.indexOf(answer.toUpperCase());
      if (at < 0) result.skipped.push({ place: `第${line}行`, reason: `答案“${answer}”不是选项字母` });
      else {
        const q = interQuestion(1, textHtml(cur.stem.join('\n')));
        q.options = cur.options.map((t, i) => ({ text: textHtml(t), right: i === at }));
        result.entries.push({ place, question: q });
      }
    }
    cur = null;
  };
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const no = i + 1;
    if (!line) {
      // A blank line ends a question that never got its ANSWER.
      if (cur?.options.length) finish(null, no);
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      if (cur) finish(answer[1], no);
      else result.skipped.push({ place: `第${no}行`, reason: '“ANSWER:”行之前没有题目' });
      return;
    }
    const choice = CHOICE.exec(line);
    if (cur && choice && choice[1] === String.fromCharCode(65 + cur.options.length)) {
      cur.options.push(choice[2]);
      cur.letters.push(choice[1]);
    } else if (cur && cur.options.length === 0) cur.stem.push(line);
    else {
      if (cur) finish(null, no);
      cur = { line: no, stem: [line], options: [], letters: [] };
    }
  });
  if (cur) finish(null, lines.length);
  return result;
}

const oneLine = (html: string) => {
  const t = htmlToPlain(html, { blanks: false });
  return t !== null && !t.includes('\n') && !t.includes('$') ? t : null;
};

export function writeAiken(questions: InterQuestion[]): { text: string; skipped: Skip[] } {
  const skipped: Skip[] = [];
  const out: string[] = [];
  for (const [i, q] of questions.entries()) {
    const place = `第${i + 1}题（${typeName[q.type] ?? q.type}）`;
    const reason = !formatsOf(q.type)?.aiken ? 'Aiken 只能表示单选题' : q.analysis ? 'Aiken 不能保存解析' : null;
    if (reason) {
      skipped.push({ place, reason });
      continue;
    }
    const stem = oneLine(q.text);
    const options = q.options.map((o) => oneLine(o.text));
    if (stem === null || options.some((o) => o === null) || q.options.length > 26) {
      skipped.push({ place, reason: 'Aiken 只能表示单行纯文字的题目和选项' });
      continue;
    }
    out.push(stem, ...options.map((o, n) => `${String.fromCharCode(65 + n)}. ${o}`));
    out.push(`ANSWER: ${String.fromCharCode(65 + q.options.findIndex((o) => o.right))}`, '');
  }
  return { text: out.join('\n'), skipped };
}
