/** Adapts the paper's question shapes to the shared QuestionAnswer component (components/answer). */
import { MarkState, type TPaperQuView, type TQuView, type TReviewQu } from '@exam/contracts';
import type { AnswerReveal } from '../../../components/answer';

/** The learner view of a paper question (composite children are rendered by the caller). */
export function toQuView(q: TPaperQuView): TQuView {
  return {
    id: q.quId,
    type: q.type,
    level: 1,
    content: q.content,
    options: q.options,
    matching: q.matching,
    blankCount: q.blankCount,
    children: [],
  };
}

/** The question with its right answer and analysis, for `reveal`. */
export function withAnswer(
  q: TPaperQuView,
  rightOptions: string[] | null | undefined,
  refAnswer: unknown,
  analysis: string | null | undefined,
): TQuView {
  const right = new Set(rightOptions ?? []);
  return {
    ...toQuView(q),
    options: q.options.map((o) => ({ ...o, isRight: right.has(o.key) })),
    answer: (refAnswer && typeof refAnswer === 'object' ? refAnswer : {}) as Record<string, unknown>,
    analysis: analysis ?? null,
  };
}

/** The review of a handed-in answer: waiting for its marker, or marked with its score. */
export function reviewReveal(q: TReviewQu): AnswerReveal {
  const reveal: AnswerReveal = { isRight: q.isRight, question: withAnswer(q, q.rightOptions, q.refAnswer, q.analysis) };
  if (q.markState === MarkState.PENDING) return { ...reveal, isRight: null, pending: true };
  // marked by hand: its score says more than right or wrong (12 of 15 is not "回答错误")
  if (q.markState === MarkState.MANUAL) return { ...reveal, isRight: null, marked: `${q.actualScore} / ${q.score} 分` };
  return reveal;
}
