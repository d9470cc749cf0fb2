/** 填空题 (type 5): the key's fields, accepted answers per blank and how answers are compared. */
import { z } from 'zod';

export const ZQuBlankSchema = z.object({
  answers: z.array(z.string().trim().max(500)).max(20).default([]).describe('可接受答案'),
  /** A numeric blank: the answers are numbers, and a number within ± tolerance of one is right. */
  tolerance: z.number().min(0, '误差范围不能小于0').max(1e12).nullish().describe('数值误差范围'),
});

/** The answer-part fields of a fill blank question (merged into ZQuAnswerSchema). */
export const ZFillBlankKeyFields = {
  blanks: z.array(ZQuBlankSchema).max(50).nullish().describe('填空答案'),
  caseSensitive: z.boolean().nullish().describe('区分大小写'),
  widthSensitive: z.boolean().nullish().describe('区分全角半角'),
  orderMatters: z.boolean().nullish().describe('答案顺序有关'),
};
