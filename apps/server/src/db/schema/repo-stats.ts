/**
 * Measured item statistics (题目统计), one row per question, kept by event consumers through
 * repo/qu-stats.ts (the only writer): the counts of exam and practice answers, the sums the
 * measured difficulty is made of, and the point-biserial discrimination over finished exam
 * attempts. `difficulty` and `discrimination` stay NULL while there are too few answers to say
 * anything (repo/qu-stats-rules.ts MIN_ANSWERS); the row says so instead of guessing.
 */
import { doublePrecision, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export const elQuStat = pgTable(
  'el_qu_stat',
  {
    quId: text('qu_id').primaryKey(),
    /** Exam answers counted: the question in finished (marked) attempts. */
    answers: integer('answers').notNull().default(0),
    /** Practice answers counted (answered questions of practice sessions). */
    practiceAnswers: integer('practice_answers').notNull().default(0),
    /** Sum of the exam answers' score shares (0-1 each, partial credit counts its share). */
    examScore: doublePrecision('exam_score').notNull().default(0),
    /** Sum of the practice answers' score shares. */
    practiceScore: doublePrecision('practice_score').notNull().default(0),
    /** Answers (exam and practice) with the full mark, and with nothing: "everyone right/wrong". */
    fullCount: integer('full_count').notNull().default(0),
    zeroCount: integer('zero_count').notNull().default(0),
    /** The measured share answering right, 0..1 (易 high, 难 low); NULL while too few answers. */
    difficulty: real('difficulty'),
    /** Point-biserial of the item score against the rest of the attempt; NULL while too few. */
    discrimination: real('discrimination'),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_qu_stat_disc_idx').on(t.discrimination)],
);
