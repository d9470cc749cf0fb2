/**
 * "Is this your paper": the one rule every learner call on a paper applies to the row it read
 * (the paper read, answers, the answering window, the room's beat, leaving, hand-in, abandoning,
 * the result). It reads nothing itself, so each caller keeps its own single statement.
 */
import { ErrorCode } from '@exam/contracts';
import { AppError, notFound } from '../../platform/errors.js';

/** The paper when it exists and is `userId`'s: else 10010003 (unknown) or 10010004 (someone else's, 不能查看/作答他人的试卷). */
export function ownPaper<P extends { userId: string }>(
  paper: P | null | undefined,
  userId: string,
  doing: '查看' | '作答' = '查看',
): P {
  if (!paper) throw notFound('试卷');
  if (paper.userId !== userId) throw new AppError(ErrorCode.NO_PERMISSION, `不能${doing}他人的试卷`);
  return paper;
}
