/**
 * Marks one training answer with the exam's marking rules (paper/scoring.ts — never re-implemented
 * here). Every question counts 1; multiple choice is all-or-nothing. A short answer cannot be
 * judged automatically: its `isRight` is null and `score` the keyword suggestion, and it is shown
 * with the reference answer for the learner to compare.
 */
import type { elQu } from '../../db/schema/index.js';
import { type MarkOutcome, markComposite, markQuestion, round2 } from '../paper/scoring.js';

type QuRow = typeof elQu.$inferSelect;

export interface TrainMark {
  isRight: boolean | null;
  /** Share of the question's marks, 0-1. */
  score: number;
  childRight: Record<string, boolean | null>;
}

/** The full score of a short answer in practice: the sum of its keyword weights. */
function shortAnswerFull(row: QuRow): number {
  const keywords = (row.answer as { keywords?: { weight: number }[] }).keywords ?? [];
  return keywords.reduce((s, k) => s + Math.max(0, k.weight), 0);
}

/** Marks a non-composite question row, scored out of 1. */
function markLeaf(row: QuRow, answer: unknown): MarkOutcome {
  if (row.type === 4) {
    const full = shortAnswerFull(row);
    if (full <= 0) return { score: 0, isRight: null, pending: true };
    const m = markQuestion({ type: 4, score: full, options: row.options, refAnswer: row.answer }, answer);
    return { score: round2(m.score / full), isRight: null, pending: true };
  }
  return markQuestion({ type: row.type, score: 1, options: row.options, refAnswer: row.answer }, answer, 0);
}

/**
 * Marks an answer: the value for a plain question, `childAnswers` (child id → answer) for a
 * composite, whose score is the mean of its children.
 */
export function markTrainAnswer(
  row: QuRow,
  children: QuRow[],
  answer: unknown,
  childAnswers: Record<string, unknown> | null | undefined,
): TrainMark {
  if (row.type !== 99) {
    const m = markLeaf(row, answer);
    return { isRight: m.isRight, score: m.score, childRight: {} };
  }
  const childRight: Record<string, boolean | null> = {};
  const outcomes = children.map((c) => {
    const m = markLeaf(c, childAnswers?.[c.id] ?? null);
    childRight[c.id] = m.isRight;
    return m;
  });
  const total = markComposite(outcomes);
  return {
    isRight: total.isRight,
    score: children.length ? round2(total.score / children.length) : 0,
    childRight,
  };
}
