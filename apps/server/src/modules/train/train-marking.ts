/**
 * Marks one training answer with the exam's marking rules (paper/scoring.ts — never re-implemented
 * here). Every question counts 1; multiple choice and ordering are all-or-nothing. A short answer cannot be
 * judged automatically: its `isRight` is null and `score` the keyword suggestion, and it is shown
 * with the reference answer for the learner to compare and self-mark (self-mark-rules.ts): the
 * self-mark, when given, is its verdict.
 */
import { type MarkOutcome, markComposite, markQuestion, NO_PARTIAL_CREDIT, round2 } from '../paper/scoring.js';
import { findKind, isComposite } from '../repo/kinds/registry.js';
import type { QuRow } from '../repo/question-reader.js';

export interface TrainMark {
  isRight: boolean | null;
  /** Share of the question's marks, 0-1. */
  score: number;
  childRight: Record<string, boolean | null>;
}

/** Marks a non-composite question row, scored out of 1; `selfMark` is the learner's verdict of a manual one. */
function markLeaf(row: QuRow, answer: unknown, selfMark: boolean | undefined): MarkOutcome {
  // A manual kind (short answer) is out of its practice full score (the sum of its keyword weights).
  const practiceFull = findKind(row.type)?.practiceFull;
  if (practiceFull) {
    const verdict = { isRight: selfMark ?? null, pending: selfMark === undefined };
    const full = practiceFull(row.answer);
    if (full <= 0) return { score: 0, ...verdict };
    const m = markQuestion({ type: row.type, score: full, options: row.options, refAnswer: row.answer }, answer);
    return { score: round2(m.score / full), ...verdict };
  }
  return markQuestion(
    { type: row.type, score: 1, options: row.options, refAnswer: row.answer },
    answer,
    NO_PARTIAL_CREDIT,
  );
}

/**
 * Marks an answer: the value for a plain question, `childAnswers` (child id → answer) for a
 * composite, whose score is the mean of its children. `selfMarks` (question or child id → right)
 * are the learner's verdicts of the manual parts.
 */
export function markTrainAnswer(
  row: QuRow,
  children: QuRow[],
  answer: unknown,
  childAnswers: Record<string, unknown> | null | undefined,
  selfMarks?: Record<string, boolean> | null,
): TrainMark {
  if (!isComposite(row.type)) {
    const m = markLeaf(row, answer, selfMarks?.[row.id]);
    return { isRight: m.isRight, score: m.score, childRight: {} };
  }
  const childRight: Record<string, boolean | null> = {};
  const outcomes = children.map((c) => {
    const m = markLeaf(c, childAnswers?.[c.id] ?? null, selfMarks?.[c.id]);
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
