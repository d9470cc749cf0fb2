/** Adapts the paper's question shapes to the shared QuestionAnswer component (components/answer). */
import type { TPaperQuView, TQuView, TReviewQu } from '@exam/contracts';
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

export function reviewReveal(q: TReviewQu): AnswerReveal {
  return { isRight: q.isRight, question: withAnswer(q, q.rightOptions, q.refAnswer, q.analysis) };
}
