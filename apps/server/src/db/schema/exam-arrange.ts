/**
 * Per-learner and per-department arrangements of an exam (个别安排): another window,
 * extra minutes, extra attempts, a different password. One row per (exam, user) or (exam, dept);
 * a user's row beats any department row, the deepest matching department beats its parents.
 * A re-sit (补考) writes user rows of kind 2.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export const elExamOverride = pgTable(
  'el_exam_override',
  {
    id: idColumn(),
    examId: text('exam_id').notNull(),
    /** Exactly one of user_id / dept_id is set. */
    userId: text('user_id'),
    deptId: text('dept_id'),
    /** 1 arrangement (个别安排), 2 re-sit (补考). */
    kind: smallint('kind').notNull().default(1),
    /** Another window; both set or both null. */
    startTime: tz('start_time'),
    endTime: tz('end_time'),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    extraTries: integer('extra_tries').notNull().default(0),
    /** A different password (null: the exam's own rule). */
    password: text('password'),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('el_exam_override_exam_idx').on(t.examId),
    uniqueIndex('el_exam_override_user_uq').on(t.examId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('el_exam_override_dept_uq').on(t.examId, t.deptId).where(sql`${t.deptId} is not null`),
    check('el_exam_override_target_ck', sql`(${t.userId} is null) <> (${t.deptId} is null)`),
  ],
);
