/**
 * Questions whose measured statistics (repo's el_qu_stat) are due to be recomputed: train's
 * consumers mark a question here when an event touches it (a finished or voided paper, a practice
 * answer), and its sweep recomputes each marked question once, however many papers touched it
 * meanwhile. Recomputed per event, a 3,000-learner exam recomputed each question 3,000 times over
 * all its answers, and its consumers ran for minutes after the exam day.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

export const elQuStatDue = pgTable('el_qu_stat_due', {
  quId: text('qu_id').primaryKey(),
  /** When it was first marked since its last recompute (the sweep takes the oldest first). */
  markedAt: tz('marked_at').notNull(),
});
