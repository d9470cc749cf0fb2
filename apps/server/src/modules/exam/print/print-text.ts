/**
 * What a printed paper says, as plain blocks of text (laid out by print-pdf.ts). The parts of a
 * question come from its kind (kinds/registry: `learnerParts` for what the learner sees,
 * `reference` for the key), never from a test of its type number. Three modes: blank (no key),
 * key (right answers, reference, analysis), answered (the learner's answers and marks, and the key).
 */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import type { QuestionAnswer, QuestionOption } from '../../../db/schema/repo.js';
import { findKind, isComposite } from '../../repo/kinds/registry.js';
import { plainParts } from '../../repo/kinds/shared.js';
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

/** The key of a question in words, from its right options and its kind's reference. */
export function keyText(row: PrintRow): string[] {
  const lines: string[] = [];
  const right = row.options.filter((o) => o.isRight).map((o) => o.key);
  if (right.length) lines.push(right.join(''));
  const ref = findKind(row.type)?.reference(row.refAnswer) as Record<string, unknown> | null | undefined;
  if (!ref) return lines;
  const blanks = ref.blanks as { answers?: string[] }[] | undefined;
  if (Array.isArray(blanks) && blanks.length)
    lines.push(blanks.map((b, i) => `(${i + 1}) ${(b.answers ?? []).join(' / ')}`).join('  '));
  const pairs = ref.pairs as { left: string; right: string }[] | undefined;
  if (Array.isArray(pairs) && pairs.length) {
    const parts = findKind(row.type)?.learnerParts(
      { content: row.content, options: row.options, answer: row.refAnswer },
      'paper',
    );
    const name = (side: 'left' | 'right', key: string) =>
      plainText(parts?.matching?.[side].find((x) => x.key === key)?.content ?? key);
    lines.push(pairs.map((p) => `${name('left', p.left)} → ${name('right', p.right)}`).join('；'));
  }
  const order = ref.order as string[] | undefined;
  if (Array.isArray(order) && order.length) lines.push(order.join(' → '));
  if (typeof ref.reference === 'string' && ref.reference) lines.push(plainText(ref.reference));
  const keywords = ref.keywords as { word: string; weight: number }[] | undefined;
  if (Array.isArray(keywords) && keywords.length)
    lines.push(`得分关键词：${keywords.map((k) => `${k.word}（权重${k.weight}）`).join('、')}`);
  return lines;
}

/** A learner's answer in words (letters, blanks in order, pairs by their texts). */
export function answerText(row: PrintRow): string {
  const a = row.answer;
  if (a === null || a === undefined || a === '') return '（未作答）';
  if (typeof a === 'string') return plainText(a) || '（未作答）';
  if (Array.isArray(a)) {
    const items = a.map((x) => (typeof x === 'string' ? plainText(x) : JSON.stringify(x)));
    if (!items.some((x) => x)) return '（未作答）';
    // Blanks are numbered; letters (multiple choice, ordering) read as one word.
    if (items.every((x) => /^[A-Z]$/.test(x))) return items.join(row.options.length ? '' : ' → ');
    return items.map((x, i) => `(${i + 1}) ${x || '—'}`).join('  ');
  }
  if (typeof a === 'object') {
    const parts = findKind(row.type)?.learnerParts(
      { content: row.content, options: row.options, answer: row.refAnswer },
      'paper',
    );
    const name = (side: 'left' | 'right', key: string) =>
      plainText(parts?.matching?.[side].find((x) => x.key === key)?.content ?? key);
    const entries = Object.entries(a as Record<string, unknown>).filter(([, v]) => v);
    if (!entries.length) return '（未作答）';
    return entries.map(([l, r]) => `${name('left', l)} → ${name('right', String(r))}`).join('；');
  }
  return String(a);
}

/** The lines under a stem: lettered options, or the two columns of a matching question. */
function bodyLines(row: PrintRow): string[] {
  const q = { content: row.content, options: row.options, answer: row.refAnswer };
  const parts = findKind(row.type)?.learnerParts(q, 'paper') ?? plainParts(row.options);
  const lines = parts.options.map((o) => `${o.key}. ${plainText(o.content)}`);
  if (parts.matching) {
    lines.push(`左列：${parts.matching.left.map((x) => `${x.key}. ${plainText(x.content)}`).join('   ')}`);
    lines.push(`右列：${parts.matching.right.map((x) => `${x.key}. ${plainText(x.content)}`).join('   ')}`);
  }
  return lines;
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
