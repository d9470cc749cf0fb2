/**
 * Courses (课程学习): categories, courses, chapters, files, and each learner's progress.
 *
 * - A course's audience (`open_type`) follows the exam open types: 1 everyone, 2 departments
 *   (and below), 3 named people; evaluated live. `state` 0 draft, 1 published.
 * - `exam_ids`: exams the course unlocks ("after this course, sit exam X").
 * - Progress is kept per (learner, file) in `el_course_learn` (the merged watched ranges, the
 *   server time of the last heartbeat that every credit is measured against) and per (learner,
 *   course) in `el_course_user` (`completed_at` written once), study time per day in `el_course_day`.
 * - `el_learn_clock`: the learner's one study clock across files and courses.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

export const elCourseCategory = pgTable('el_course_category', {
  id: idColumn(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const elCourse = pgTable(
  'el_course',
  {
    id: idColumn(),
    title: text('title').notNull(),
    cover: text('cover'),
    /** Sanitised rich text. */
    content: text('content').notNull().default(''),
    categoryId: text('category_id'),
    lecturer: text('lecturer').notNull().default(''),
    /** Credit hours (学时). */
    hours: doublePrecision('hours').notNull().default(0),
    required: boolean('required').notNull().default(false),
    openType: smallint('open_type').notNull().default(1),
    deptIds: text('dept_ids').array().notNull().default(sql`'{}'::text[]`),
    userIds: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    state: smallint('state').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    startTime: tz('start_time'),
    endTime: tz('end_time'),
    allowSkip: boolean('allow_skip').notNull().default(false),
    /** Percent of a video's length that must be watched for it to count as done. */
    passRate: smallint('pass_rate').notNull().default(95),
    examIds: text('exam_ids').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_course_list_idx').on(t.state, t.sort)],
);

export const elCourseChapter = pgTable(
  'el_course_chapter',
  {
    id: idColumn(),
    courseId: text('course_id').notNull(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('el_course_chapter_course_idx').on(t.courseId)],
);

export const elCourseFile = pgTable(
  'el_course_file',
  {
    id: idColumn(),
    courseId: text('course_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    /** The uploaded bytes (sys_file, private). */
    fileId: text('file_id').notNull(),
    /** The PDF rendition of an office document, when a converter made one. */
    pdfFileId: text('pdf_file_id'),
    title: text('title').notNull(),
    /** video | audio | pdf | image | doc */
    kind: text('kind').notNull(),
    /** Media length in seconds, read on the server at upload. */
    duration: doublePrecision('duration').notNull().default(0),
    /** Page count of a PDF (or of an office document's PDF rendition), read on the server at upload. */
    pages: integer('pages').notNull().default(0),
    minReadSeconds: integer('min_read_seconds').notNull().default(0),
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('el_course_file_course_idx').on(t.courseId)],
);

export const elCourseLearn = pgTable(
  'el_course_learn',
  {
    userId: text('user_id').notNull(),
    fileId: text('file_id').notNull(),
    courseId: text('course_id').notNull(),
    /** Merged watched ranges in seconds, sorted, not overlapping. */
    ranges: jsonb('ranges').$type<[number, number][]>().notNull().default([]),
    watched: doublePrecision('watched').notNull().default(0),
    position: doublePrecision('position').notNull().default(0),
    lastPage: integer('last_page').notNull().default(0),
    maxPage: integer('max_page').notNull().default(0),
    /** Page count the viewer reported (documents). */
    pages: integer('pages').notNull().default(0),
    studySeconds: doublePrecision('study_seconds').notNull().default(0),
    lastBeatAt: tz('last_beat_at'),
    doneAt: tz('done_at'),
    /** First time the content route served this file's bytes to the learner; no credit before it. */
    fetchedAt: tz('fetched_at'),
    /** Bytes the content route has served (Range lengths summed): caps a media file's watched share. */
    bytesServed: doublePrecision('bytes_served').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] }), index('el_course_learn_course_idx').on(t.courseId, t.userId)],
);

/**
 * One study clock per learner across every file and course: study time is credited
 * only after `credited_until`, so tabs beating in parallel share the wall clock once. The
 * heartbeat's upsert moves it forward and copies the previous value into `credit_from` in the same
 * statement (row-locked), which is how the heartbeat reads what was there before it.
 */
export const elLearnClock = pgTable('el_learn_clock', {
  userId: text('user_id').primaryKey(),
  creditedUntil: tz('credited_until').notNull(),
  creditFrom: tz('credit_from'),
});

export const elCourseUser = pgTable(
  'el_course_user',
  {
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    progress: smallint('progress').notNull().default(0),
    studySeconds: doublePrecision('study_seconds').notNull().default(0),
    lastFileId: text('last_file_id'),
    completedAt: tz('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('el_course_user_course_idx').on(t.courseId)],
);

export const elCourseDay = pgTable(
  'el_course_day',
  {
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    day: date('day').notNull(),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.day] })],
);
