/**
 * What a learner receives of a paper's questions. `learnerQuView` picks fields one by one, so no
 * right flag, reference answer, analysis or score per option can leak while a paper is open
 * (DESIGN 4; each kind picks its parts: kinds/<kind>/ learnerParts); `reviewQuView` adds them for
 * a review the exam allows after hand-in.
 */
import type { TPaperQuView, TReviewQu } from '@exam/contracts';
import { findKind } from '../repo/kinds/registry.js';
import { plainParts } from '../repo/kinds/shared.js';
import type { BuiltQu } from './paper-build.js';

/**
 * A drawn question as an attempt holds it (the sitting's el_paper_qu row; the template preview
 * builds the same shape): the draw's snapshot plus the learner's answer and its marking.
 */
export type PaperQuRow = BuiltQu & {
  paperId: string;
  answer: unknown;
  flagged: boolean;
  seq: number;
  answeredAt: Date | null;
  isRight: boolean | null;
  actualScore: number;
  markState: number;
  suggestScore: number | null;
  suggestTaken: boolean | null;
  markComment: string | null;
};

const hasAnswer = (a: unknown): boolean => {
  if (a === null || a === undefined || a === '') return false;
  if (Array.isArray(a)) return a.some((x) => x !== '' && x !== null);
  if (typeof a === 'object') return Object.keys(a as object).length > 0;
  return true;
};

/**
 * What `learnerQuView` reads of a row: the paper read selects only these (`refAnswer` and the
 * options' right flags only to derive the kind's parts, e.g. a fill-in's blank count).
 */
export type LearnerQuSource = Pick<
  PaperQuRow,
  | 'quId'
  | 'parentQuId'
  | 'sort'
  | 'sectionIdx'
  | 'sectionTitle'
  | 'type'
  | 'score'
  | 'content'
  | 'options'
  | 'refAnswer'
  | 'answer'
  | 'flagged'
  | 'seq'
>;

/** A question of an open paper as the learner sees it. */
export function learnerQuView(row: LearnerQuSource): TPaperQuView {
  const q = { content: row.content, options: row.options, answer: row.refAnswer };
  const parts = findKind(row.type)?.learnerParts(q, 'paper') ?? plainParts(row.options);
  return {
    quId: row.quId,
    parentQuId: row.parentQuId,
    sort: row.sort,
    sectionIdx: row.sectionIdx,
    sectionTitle: row.sectionTitle,
    type: row.type,
    score: row.score,
    content: row.content,
    options: parts.options,
    matching: parts.matching,
    blankCount: parts.blankCount,
    myAnswer: (row.answer ?? null) as TPaperQuView['myAnswer'],
    flagged: row.flagged,
    seq: row.seq,
    answered: hasAnswer(row.answer),
  };
}

/** The reference answer of a question, without scoring internals beyond what a review shows. */
export function referenceOf(row: Pick<PaperQuRow, 'type' | 'refAnswer'>): unknown {
  return findKind(row.type)?.reference(row.refAnswer) ?? null;
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
