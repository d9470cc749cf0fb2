/** Measured item statistics (题目统计): the bank's list of questions to review. */
import { z } from 'zod';

/** Why a question is listed for review. */
export const QU_STAT_REASONS = ['negative', 'allRight', 'allWrong'] as const;
export type TQuStatReason = (typeof QU_STAT_REASONS)[number];
export const QU_STAT_REASON_LABELS: Record<TQuStatReason, string> = {
  negative: '区分度为负',
  allRight: '全部答对',
  allWrong: '全部答错',
};
/** Shown where a difficulty or discrimination is NULL. */
export const QU_STAT_TOO_FEW = '答题太少';

export const ZQuStatReviewParamsSchema = z.object({
  repoId: z.string().nullish().describe('题库'),
  reason: z.enum(QU_STAT_REASONS).nullish().describe('问题类型'),
});

export const ZQuStatReviewItemSchema = z.object({
  id: z.string(),
  type: z.number(),
  level: z.number(),
  summary: z.string(),
  answers: z.number().describe('考试作答次数'),
  practiceAnswers: z.number().describe('练习作答次数'),
  difficulty: z.number().nullable().describe('实测难度（答对比例）'),
  discrimination: z.number().nullable().describe('区分度'),
  reason: z.enum(QU_STAT_REASONS),
});
export type TQuStatReviewItem = z.infer<typeof ZQuStatReviewItemSchema>;
