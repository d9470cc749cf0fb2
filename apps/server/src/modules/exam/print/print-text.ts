/**
 * What a printed paper says, as plain blocks of text (laid out by print-pdf.ts). What is particular
 * to a kind (its body lines, its key, a learner's answer in words) comes from the kind's `print`
 * (repo/kinds/<kind>/), never from a look at the answer's shape or a test of its type number.
 * Three modes: blank (no key), key (right answers, reference, analysis), answered (the learner's
 * answers and marks, and the key).
 */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../../db/schema/repo.js';
import { findKind, isComposite } from '../../repo/kinds/registry.js';
import type { PrintQuestion } from '../../repo/kinds/types.js';
import { latexText } from './latex-text.js';

export type PrintMode = 'blank' | 'key' | 'answered';

/** The fields of a paper row (el_paper_qu) or of a template preview row that printing reads. */
export interface PrintRow {
  quId: string;
  parentQuId: string | null;
  sort: number;
  sectionIdx: number;
  sectionTitle: string;
  type: number;
  score: number;
  content: string;
  options: QuestionOption[];
  refAnswer: QuestionAnswer;
  analysis: string | null;
  answer?: unknown;
  actualScore?: number;
  /** 0 not marked, 1 automatically, 2 awaiting manual marking, 3 by hand. */
  markState?: number;
  markComment?: string | null;
}

export type PrintBlock =
  | { kind: 'section'; title: string }
  | {
      kind: 'question';
      /** "1." or "(1)" for a composite's child. */
      head: string;
      /** Option, column and blank lines under the stem. */
      body: string[];
      /** Key, learner's answer and marks, in the order printed. */
      notes: { label: string; text: string; tone?: 'key' | 'answer' | 'mark' }[];
      child: boolean;
    };

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", apos: "'" };

const decode = (text: string) => text.replace(/&(nbsp|lt|gt|amp|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

/**
 * Rich text as printable plain text: formulas as text (latex-text.ts: S=πr²), blanks as ____,
 * images as [图片], paragraphs as new lines.
 */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<span[^>]*\bdata-formula="([^"]*)"[^>]*>[\s\S]*?<\/span>/gi, (_, latex: string) =>
      // the text is escaped again: the entity pass below decodes it once
      latexText(decode(latex)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .replace(/<span[^>]*data-blank[^>]*>\s*<\/span>/gi, ' ______ ')
    .replace(/<img[^>]*>/gi, '[图片]')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|amp|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const fmtScore = (n: number) => String(Math.round(n * 100) / 100);

const printQuestion = (row: PrintRow): PrintQuestion => ({
  content: row.content,
  options: row.options,
  refAnswer: row.refAnswer,
});

/** The key of a question in words: its right options, then what its kind prints of its key. */
export function keyText(row: PrintRow): string[] {
  const lines: string[] = [];
  const right = row.options.filter((o) => o.isRight).map((o) => o.key);
  if (right.length) lines.push(right.join(''));
  return [...lines, ...(findKind(row.type)?.print?.key?.(printQuestion(row), plainText) ?? [])];
}

/** A learner's answer in words: the kind's own words, else letters or numbered texts. */
export function answerText(row: PrintRow): string {
  const a = row.answer;
  if (a === null || a === undefined || a === '') return '（未作答）';
  const own = findKind(row.type)?.print?.answer?.(a, printQuestion(row), plainText);
  if (own != null) return own;
  if (typeof a === 'string') return plainText(a) || '（未作答）';
  if (Array.isArray(a)) {
    const items = a.map((x) => (typeof x === 'string' ? plainText(x) : JSON.stringify(x)));
    if (!items.some((x) => x)) return '（未作答）';
    // Blanks are numbered; letters (multiple choice, ordering) read as one word.
    if (items.every((x) => /^[A-Z]$/.test(x))) return items.join(row.options.length ? '' : ' → ');
    return items.map((x, i) => `(${i + 1}) ${x || '—'}`).join('  ');
  }
  return typeof a === 'object' ? JSON.stringify(a) : String(a);
}

/** The lines under a stem: the kind's own (the two columns of a matching question), else lettered options. */
function bodyLines(row: PrintRow): string[] {
  const own = findKind(row.type)?.print?.body?.(printQuestion(row), plainText);
  return own ?? row.options.map((o) => `${o.key}. ${plainText(o.content)}`);
}

function markText(row: PrintRow): string {
  if (row.markState === 2) return `待阅卷（满分${fmtScore(row.score)}分）`;
  return `${fmtScore(row.actualScore ?? 0)} / ${fmtScore(row.score)} 分`;
}

/** The printed blocks of a paper's rows (ordered by sort; a composite's children under it). */
export function printBlocks(rows: PrintRow[], mode: PrintMode): PrintBlock[] {
  const top = rows.filter((r) => !r.parentQuId).sort((a, b) => a.sort - b.sort);
  const children = (id: string) => rows.filter((r) => r.parentQuId === id).sort((a, b) => a.sort - b.sort);
  const blocks: PrintBlock[] = [];
  let section: string | null = null;
  let n = 0;
  const question = (row: PrintRow, head: string, child: boolean) => {
    const composite = isComposite(row.type);
    const label = QUESTION_TYPE_LABELS[row.type] ?? '试题';
    const notes: { label: string; text: string; tone?: 'key' | 'answer' | 'mark' }[] = [];
    if (mode === 'answered' && !composite) notes.push({ label: '作答', text: answerText(row), tone: 'answer' });
    if (mode !== 'blank' && !composite) {
      const key = keyText(row);
      if (key.length) notes.push({ label: '答案', text: key.join('\n'), tone: 'key' });
    }
    if (mode === 'answered' && !child) notes.push({ label: '得分', text: markText(row), tone: 'mark' });
    if (mode === 'answered' && row.markComment) notes.push({ label: '评语', text: row.markComment, tone: 'mark' });
    if (mode === 'key' && row.analysis) notes.push({ label: '解析', text: plainText(row.analysis), tone: 'key' });
    blocks.push({
      kind: 'question',
      head: `${head} [${label}] ${plainText(row.content)}（${fmtScore(row.score)}分）`,
      body: composite ? [] : bodyLines(row),
      notes,
      child,
    });
  };
  for (const row of top) {
    if (row.sectionTitle && row.sectionTitle !== section) {
      section = row.sectionTitle;
      blocks.push({ kind: 'section', title: section });
    }
    n += 1;
    question(row, `${n}.`, false);
    children(row.quId).forEach((c, i) => {
      question(c, `(${i + 1})`, true);
    });
  }
  return blocks;
}
