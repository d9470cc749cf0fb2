/**
 * 讲解这道题: what is sent about a question the learner has answered. Read only
 * through the readers the learner's pages use, so that the sitting guard and the exam's review
 * options decide: the result page's reader (sitting/paper-result.ts `paperResult`, review held back →
 * refused) for a paper's question, the question reader (repo/question-reader.ts `learnerQuestion`,
 * answer not visible → refused) otherwise; and first the reader's lock (the sitting guard).
 */
import { ErrorCode, type TAssistantExplain, type TReviewQu } from '@exam/contracts';
import type { Db } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { learnerQuestion, learnerReader } from '../repo/question-reader.js';
import { paperResult } from '../sitting/paper-result.js';
import { answerText, type ExplainInput } from './prompts.js';

export const NOT_REVIEWABLE = '该题的答案与解析尚未开放查看，暂不能讲解';

const rightOf = (options: { key: string; isRight?: boolean }[], reference: unknown) => {
  const keys = options.filter((o) => o.isRight).map((o) => o.key);
  return keys.length ? keys.join('') : answerText(reference);
};

function fromReview(q: TReviewQu): ExplainInput {
  return {
    type: q.type,
    content: q.content,
    options: q.options,
    rightAnswer: q.rightOptions.length ? q.rightOptions.join('') : answerText(q.refAnswer),
    myAnswer: answerText(q.myAnswer),
    analysis: q.analysis,
  };
}

/** The question, its key, the learner's answer and the analysis; refused while any is hidden from them. */
export async function explainInput(db: Db, userId: string, body: TAssistantExplain, now: Date): Promise<ExplainInput> {
  const reader = await learnerReader(db, userId);
  reader.assertOpen([body.quId]);
  if (body.paperId) {
    const result = await paperResult(db, userId, body.paperId, now);
    if (!result.showAnswers || !result.questions)
      throw new AppError(ErrorCode.NO_PERMISSION, result.reviewNote ?? NOT_REVIEWABLE);
    const q = result.questions.find((x) => x.quId === body.quId);
    if (!q) throw notFound('试题');
    return fromReview(q);
  }
  const { question, answerVisible } = await learnerQuestion(db, userId, body.quId, reader);
  if (!answerVisible) throw new AppError(ErrorCode.NO_PERMISSION, NOT_REVIEWABLE);
  return {
    type: question.type,
    content: question.content,
    options: question.options,
    rightAnswer: rightOf(question.options as { key: string; isRight?: boolean }[], question.answer),
    myAnswer: body.myAnswer ?? '',
    analysis: question.analysis ?? null,
  };
}
