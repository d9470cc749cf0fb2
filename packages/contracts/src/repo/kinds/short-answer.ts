/** 简答题 (type 4): the key's fields, a reference answer and weighted scoring keywords. */
import { z } from 'zod';
import { zRich } from '../rich-field.js';

export const ZQuKeywordSchema = z.object({
  word: z.string().trim().max(100).describe('关键词'),
  weight: z.number().min(0).max(100).default(1).describe('权重'),
});

/** The answer-part fields of a short answer (merged into ZQuAnswerSchema). */
export const ZShortAnswerKeyFields = {
  reference: zRich('参考答案', 20_000).nullish(),
  keywords: z.array(ZQuKeywordSchema).max(50).nullish().describe('得分关键词'),
};
