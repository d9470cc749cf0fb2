/** 匹配题 (type 6): the key's fields, two columns and the right pairs. */
import { z } from 'zod';
import { zRich } from '../rich-field.js';

export const ZQuMatchItemSchema = z.object({
  key: z.string().trim().max(8).default('').describe('匹配项标识'),
  content: zRich('匹配项内容', 5_000).default(''),
});

export const ZQuPairSchema = z.object({
  left: z.string().trim().max(8).describe('左侧项'),
  right: z.string().trim().max(8).describe('右侧项'),
});

/** The answer-part fields of a matching question (merged into ZQuAnswerSchema). */
export const ZMatchingKeyFields = {
  left: z.array(ZQuMatchItemSchema).max(26).nullish().describe('左侧项'),
  right: z.array(ZQuMatchItemSchema).max(26).nullish().describe('右侧项'),
  pairs: z.array(ZQuPairSchema).max(26).nullish().describe('匹配关系'),
};
