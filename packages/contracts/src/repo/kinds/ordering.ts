/**
 * 排序题 (type 7): the items are the question's `options`, stored in the right order with opaque
 * keys; `answer.order` lists those keys in the right order. A learner answers with the keys in the
 * order they put the items. The exam's kind setting (`kindSettings["7"].policy`) says how a
 * partly right order scores.
 */
import { z } from 'zod';

/** The answer-part field of an ordering question (merged into ZQuAnswerSchema). */
export const ZOrderingKeyFields = {
  order: z.array(z.string().trim().max(8)).max(8).nullish().describe('正确顺序'),
};

/** A learner's answer: item keys, first to last. */
export const ZOrderingAnswerSchema = z.array(z.string().max(8)).max(8).describe('排序答案');
export type TOrderingAnswer = z.infer<typeof ZOrderingAnswerSchema>;

/** 0 all or nothing; 1 by right adjacent pairs (score × right pairs / (items − 1)). */
export const OrderPolicy = { ALL_OR_NOTHING: 0, ADJACENT_PAIRS: 1 } as const;
export const ORDER_POLICY_LABELS: Record<number, string> = { 0: '全部正确才得分', 1: '按相邻顺序对得分' };
export const ZOrderPolicySchema = z
  .union([z.literal(0), z.literal(1)])
  .default(0)
  .describe('排序题计分方式');

/** The kind's settings on an exam (el_exam.kind_settings["7"]). */
export const ZOrderingSettingsSchema = z.object({ policy: ZOrderPolicySchema }).prefault({});
export type TOrderingSettings = z.infer<typeof ZOrderingSettingsSchema>;
