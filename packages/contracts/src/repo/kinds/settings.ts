/**
 * The exam-level settings of the question kinds (el_exam.kind_settings): one JSON
 * object keyed by question type, each entry validated by its kind's schema. A kind with a setting
 * adds one line here; the exam save, its detail, the lock after a paper started and marking read
 * them through this map, never through a column of their own.
 */
import { z } from 'zod';
import { QuestionType } from '../../labels.js';
import { ZMultipleSettingsSchema } from './multiple.js';
import { ZOrderingSettingsSchema } from './ordering.js';

/** The kinds that have exam settings, with the name of their settings in messages. */
export const KIND_SETTINGS = {
  [QuestionType.MULTIPLE]: { schema: ZMultipleSettingsSchema, label: '多选题计分方式' },
  [QuestionType.ORDERING]: { schema: ZOrderingSettingsSchema, label: '排序题计分方式' },
} as const;

export const ZKindSettingsSchema = z
  .object({
    [QuestionType.MULTIPLE]: KIND_SETTINGS[QuestionType.MULTIPLE].schema,
    [QuestionType.ORDERING]: KIND_SETTINGS[QuestionType.ORDERING].schema,
  })
  .prefault({})
  .describe('题型设置');
export type TKindSettings = z.infer<typeof ZKindSettingsSchema>;

/** Stored settings (validated when saved) with every kind's defaults filled in. */
export function kindSettingsOf(stored: unknown): TKindSettings {
  const parsed = ZKindSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZKindSettingsSchema.parse({});
}

/** The names of the kinds' settings that differ between two settings objects. */
export function changedKindSettings(before: unknown, next: unknown): string[] {
  const a = kindSettingsOf(before) as Record<string, unknown>;
  const b = kindSettingsOf(next) as Record<string, unknown>;
  return Object.entries(KIND_SETTINGS)
    .filter(([type]) => JSON.stringify(a[type]) !== JSON.stringify(b[type]))
    .map(([, s]) => s.label);
}
