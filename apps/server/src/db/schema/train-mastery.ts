/**
 * Mastery (知识点掌握度): one row per (learner, knowledge point), kept by train's event consumers
 * (train/mastery/) from exam answers and practice answers, recent answers weighing more. `mastery`
 * is the decayed weighted mean score share 0..1 as of `last_at`; `weight` the decayed weight
 * behind it (how much evidence there is), so a later answer folds in without reading history again.
 */
import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tz, updatedAt } from './columns.js';

export const elKpMastery = pgTable(
  'el_kp_mastery',
  {
    userId: text('user_id').notNull(),
    kpId: text('kp_id').notNull(),
    /** Decayed weighted mean of the score shares, 0..1. */
    mastery: doublePrecision('mastery').notNull().default(0),
    /** Decayed sum of the weights behind `mastery`, as of `last_at`. */
    weight: doublePrecision('weight').notNull().default(0),
    /** Answers counted (not decayed). */
    answers: integer('answers').notNull().default(0),
    /** Time of the newest answer counted: the decay's reference point. */
    lastAt: tz('last_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kpId] }), index('el_kp_mastery_kp_idx').on(t.kpId)],
);
