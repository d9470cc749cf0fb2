/**
 * The size of an import file, counted before it is parsed: a GIFT, Aiken or Moodle XML file of
 * 400,000 questions is refused by one pass over its text, without building a single question (it
 * grew the server by gigabytes and ran past every client's timeout), and whatever a file holds,
 * no more than MAX_IMPORT_QUESTIONS reach the rules and the database (`assertImportSize`).
 */
import { MAX_IMPORT_QUESTIONS } from '@exam/contracts';
import { badParams } from '../../../platform/errors.js';

export const tooManyQuestions = () => badParams(`文件：一次最多导入${MAX_IMPORT_QUESTIONS}道试题，请拆分后分批导入`);

/** Refuses a file holding more questions (items read, or items read and skipped) than the cap. */
export function assertImportSize(count: number): void {
  if (count > MAX_IMPORT_QUESTIONS) throw tooManyQuestions();
}

/** Unescaped `{` (GIFT's answer block; `\{` is a literal brace). */
const GIFT_BRACE = /(^|[^\\])\{/;

/**
 * GIFT questions in a text, counted as the reader splits them: blocks of non-blank lines (comments
 * left out) holding an answer block. Stops counting past `stop`.
 */
function countGift(text: string, stop: number): number {
  let n = 0;
  let answer = false;
  let pos = 0;
  while (pos <= text.length && n <= stop) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(pos, end).trim();
    if (!line) {
      if (answer) n++;
      answer = false;
    } else if (!line.startsWith('//') && GIFT_BRACE.test(line)) answer = true;
    pos = end + 1;
  }
  return answer ? n + 1 : n;
}

/** Matches of a pattern in a text, counted up to `stop + 1`. */
function countMatches(text: string, pattern: RegExp, stop: number): number {
  const re = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  let n = 0;
  while (n <= stop && re.exec(text)) n++;
  return n;
}

/** Aiken: every question ends with its `ANSWER:` line. */
const AIKEN_ANSWER = /^[ \t]*ANSWER[ \t]*:/im;
/** Moodle XML: `<question type="…">` elements other than category markers. */
const MOODLE_QUESTION = /<question\b[^>]*\btype\s*=\s*["'](?!category["'])/i;

/** Refuses a text file over the cap before it is parsed. */
export function assertTextSize(format: 'gift' | 'aiken' | 'moodle-xml', text: string): void {
  const stop = MAX_IMPORT_QUESTIONS;
  const count =
    format === 'gift'
      ? countGift(text, stop)
      : countMatches(text, format === 'aiken' ? AIKEN_ANSWER : MOODLE_QUESTION, stop);
  assertImportSize(count);
}
