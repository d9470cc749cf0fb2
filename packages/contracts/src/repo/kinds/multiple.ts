/** 多选题 (type 2): the exam-level setting of the kind (its partial credit). */
import { z } from 'zod';

/** Partial credit: 0 none, 1 half for a right subset, 2 per right choice. */
export const MultiPolicy = { NONE: 0, HALF: 1, PER_CHOICE: 2 } as const;
export const MULTI_POLICY_LABELS: Record<number, string> = {
  0: '全对得分，否则不得分',
  1: '少选（无错选）得一半分',
  2: '按选对的选项比例得分，有错选不得分',
};

/** The kind's settings on an exam (el_exam.kind_settings["2"]). */
export const ZMultipleSettingsSchema = z
  .object({
    policy: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .default(0)
      .describe('多选题计分方式'),
  })
  .prefault({});
export type TMultipleSettings = z.infer<typeof ZMultipleSettingsSchema>;
