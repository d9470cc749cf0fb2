/**
 * What a learner receives of a paper's questions. `learnerQuView` picks fields one by one, so no
 * right flag, reference answer, analysis or score per option can leak while a paper is open
 * (DESIGN 4); `reviewQuView` adds them for a review the exam allows after hand-in.
 */
import type { TPaperQuView, TReviewQu } from '@exam/contracts';
import type { elPaperQu } from '../../db/schema/index.js';

export type PaperQuRow = typeof elPaperQu.$inferSelect;

interface Column {
  key: string;
  content: string;
}

const columns = (v: unknown): Column[] =>
  Array.isArray(v) ? v.map((c) => ({ key: String(c?.key ?? ''), content: String(c?.content ?? '') })) : [];

const hasAnswer = (a: unknown): boolean => {
  if (a === null || a === undefined || a === '') return false;
  if (Array.isArray(a)) return a.some((x) => x !== '' && x !== null);
  if (typeof a === 'object') return Object.keys(a as object).length > 0;
  return true;
};

/** A question of an open paper as the learner sees it. */
export function learnerQuView(row: PaperQuRow): TPaperQuView {
  const ref = row.refAnswer as { left?: unknown; right?: unknown; blanks?: unknown[] };
  return {
    quId: row.quId,
    parentQuId: row.parentQuId,
    sort: row.sort,
    sectionIdx: row.sectionIdx,
    sectionTitle: row.sectionTitle,
    type: row.type,
    score: row.score,
    content: row.content,
    options: row.options.map((o) => ({ key: o.key, content: o.content })),
    matching: row.type === 6 ? { left: columns(ref.left), right: columns(ref.right) } : null,
    blankCount: row.type === 5 && Array.isArray(ref.blanks) ? ref.blanks.length : 0,
    myAnswer: (row.answer ?? null) as TPaperQuView['myAnswer'],
    flagged: row.flagged,
    seq: row.seq,
    answered: hasAnswer(row.answer),
  };
}

/** The reference answer of a question, without scoring internals beyond what a review shows. */
export function referenceOf(row: Pick<PaperQuRow, 'type' | 'refAnswer'>): unknown {
  const ref = row.refAnswer as Record<string, unknown>;
  if (row.type === 5) return { blanks: ref.blanks ?? [] };
  if (row.type === 6) return { pairs: ref.pairs ?? [] };
  if (row.type === 4) return { reference: ref.reference ?? '', keywords: ref.keywords ?? [] };
  return null;
}

/** A question with answers, right answers and analysis: after hand-in when allowed, and for administrators. */
export function reviewQuView(row: PaperQuRow): TReviewQu {
  return {
    ...learnerQuView(row),
    rightOptions: row.options.filter((o) => o.isRight).map((o) => o.key),
    refAnswer: referenceOf(row),
    analysis: row.analysis,
    isRight: row.isRight,
    actualScore: row.actualScore,
    markState: row.markState,
    markComment: row.markComment,
  };
}
