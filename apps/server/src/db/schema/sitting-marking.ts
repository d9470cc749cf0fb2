/**
 * Regrading (重新评分) and marking by question (按题阅卷).
 *
 * - `el_regrade_job`: one correction of one question of an exam (score and/or key) and the
 *   background job that regrades the exam's handed-in papers in batches; `processed`/`total` is
 *   the progress the web polls, `cursor` the last paper id done (batches walk papers by id), and
 *   `lease_until` who runs it (a runner claims the job by one conditional UPDATE; an expired lease
 *   lets another request or instance resume it).
 * - `el_regrade_item`: the before/after report, one row per paper whose score or result changed.
 * - `el_mark_setting`: an exam's second-marking setting (双评) and its gap.
 * - `el_qu_mark`: each marker's score of one answer (paper, question) when marking by question:
 *   round 1 and 2 are the two markers, round 3 the arbitration (仲裁).
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';
import type { QuestionAnswer, QuestionOption } from './repo.js';

export const elRegradeJob = pgTable(
  'el_regrade_job',
  {
    id: idColumn(),
    examId: text('exam_id').notNull(),
    quId: text('qu_id').notNull(),
    /** The question's full score before and after (equal when only the key changed). */
    oldScore: doublePrecision('old_score').notNull(),
    newScore: doublePrecision('new_score').notNull(),
    /** For choice kinds: the contents of the right options after the correction (null: key unchanged). */
    rightContents: jsonb('right_contents').$type<string[] | null>(),
    /** For kinds whose key is kept as written (fill blank): the new key (null: unchanged). */
    newAnswer: jsonb('new_answer').$type<QuestionAnswer | null>(),
    /** The options of one paper row before the correction, for the report. */
    oldOptions: jsonb('old_options').$type<QuestionOption[]>().notNull().default([]),
    reason: text('reason').notNull(),
    /** 0 queued, 1 running, 2 done, 3 failed. */
    state: smallint('state').notNull().default(0),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    passToFail: integer('pass_to_fail').notNull().default(0),
    failToPass: integer('fail_to_pass').notNull().default(0),
    cursor: text('cursor').notNull().default(''),
    leaseUntil: tz('lease_until'),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_regrade_job_exam_idx').on(t.examId, t.createdAt)],
);

export const elRegradeItem = pgTable(
  'el_regrade_item',
  {
    jobId: text('job_id').notNull(),
    paperId: text('paper_id').notNull(),
    userId: text('user_id').notNull(),
    scoreBefore: doublePrecision('score_before').notNull(),
    scoreAfter: doublePrecision('score_after').notNull(),
    passedBefore: boolean('passed_before').notNull(),
    passedAfter: boolean('passed_after').notNull(),
    /** The question's score in this paper before and after. */
    quBefore: doublePrecision('qu_before').notNull(),
    quAfter: doublePrecision('qu_after').notNull(),
    /** The paper state (1 awaiting marking: the result is not final yet). */
    paperState: smallint('paper_state').notNull(),
    /** A pass turned into a fail while the learner holds an exam certificate (to review). */
    hasCert: boolean('has_cert').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.paperId] })],
);

export const elMarkSetting = pgTable('el_mark_setting', {
  examId: text('exam_id').primaryKey(),
  /** Two markers mark each answer when marking by question. */
  doubleMark: boolean('double_mark').notNull().default(false),
  /** Largest difference of the two scores averaged; a larger one goes to arbitration. */
  gap: doublePrecision('gap').notNull().default(0),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

export const elQuMark = pgTable(
  'el_qu_mark',
  {
    paperId: text('paper_id').notNull(),
    quId: text('qu_id').notNull(),
    /** 1 first marker, 2 second marker, 3 arbitration. */
    round: smallint('round').notNull(),
    markerId: text('marker_id').notNull(),
    score: doublePrecision('score').notNull(),
    /** The marker took the keyword suggestion (one click) rather than scoring it. */
    suggestTaken: boolean('suggest_taken').notNull().default(false),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.quId, t.round] }), index('el_qu_mark_marker_idx').on(t.markerId)],
);
