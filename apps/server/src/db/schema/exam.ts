/**
 * Exams (考试) and the per-(user, exam) record. The attempts (答卷) are in sitting.ts, the
 * templates they are drawn from in paper.ts, the wrong-answer book in train.ts.
 */
import { PROCTOR_OFF, type TProctorSetting } from '@exam/contracts';
import { sql } from 'drizzle-orm';
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

export const elExam = pgTable(
  'el_exam',
  {
    id: idColumn(),
    title: text('title').notNull(),
    content: text('content'),
    cover: text('cover'),
    tmplId: text('tmpl_id').notNull(),
    /** 1 public, 2 departments (and below), 3 named people, 9 password. */
    openType: smallint('open_type').notNull().default(1),
    deptIds: text('dept_ids').array().notNull().default(sql`'{}'::text[]`),
    userIds: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    password: text('password'),
    startTime: tz('start_time').notNull(),
    endTime: tz('end_time').notNull(),
    /** Minutes; 0 = until the window closes. */
    duration: integer('duration').notNull().default(0),
    passScore: doublePrecision('pass_score').notNull().default(0),
    /** Attempts allowed per cycle period; 0 = unlimited. */
    tryLimit: integer('try_limit').notNull().default(0),
    /** Earliest hand-in, minutes after the start of an attempt. */
    handMinMinutes: integer('hand_min_minutes').notNull().default(0),
    /** Latest entry, minutes after the window opens; 0 = until it closes. */
    lateMinutes: integer('late_minutes').notNull().default(0),
    shuffleQu: boolean('shuffle_qu').notNull().default(false),
    shuffleOpt: boolean('shuffle_opt').notNull().default(false),
    /** After hand-in the learner sees: 1 score, 2 score and answers, 3 nothing until marking is done. */
    resultShow: smallint('result_show').notNull().default(1),
    /**
     * When the learner may see right answers, analysis and right/wrong (like Moodle's
     * review options): 1 right after the attempt, 2 after the last allowed attempt (or the close),
     * 3 after the exam closes, 0 never. Until then the sitting guard keeps the exam's questions
     * locked for that learner (sitting/sitting-guard.ts).
     */
    reviewAfter: smallint('review_after').notNull().default(2),
    fullScreen: boolean('full_screen').notNull().default(false),
    /**
     * With fullScreen: may a device without the Fullscreen API (iPhone Safari) sit it in focus mode
     * (leaving still counted)? false refuses such devices on the check page, in the room and at
     * paper creation (the server relies on the client's declaration, see exam-entry.ts).
     */
    allowFocusMode: boolean('allow_focus_mode').notNull().default(true),
    /** Show the learner their rank (第 N 名 / 共 M 人) on the result page of a finished paper. */
    showRank: boolean('show_rank').notNull().default(false),
    /** Times the learner may leave the page; one more forces the hand-in. 0 = not limited. */
    leaveLimit: integer('leave_limit').notNull().default(0),
    noCopy: boolean('no_copy').notNull().default(false),
    /** 0 none, 1 daily, 2 weekly, 3 monthly. */
    cycleType: smallint('cycle_type').notNull().default(0),
    /**
     * The question kinds' settings, keyed by type ({"2": {"policy": 1}, "7": {"policy": 0}}: partial
     * credit of 多选题 and 排序题), each validated by its kind's schema (contracts
     * repo/kinds/settings.ts); read through `kindSettingsOf`, which fills the defaults.
     */
    kindSettings: jsonb('kind_settings').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * 远程监考 (contracts exam/proctor.ts TProctorSetting): mode 0 none, 1 identity check at entry,
     * 2 and snapshots, 3 and a second camera; the snapshot interval, whether a stopped camera pauses
     * answering, the snapshots' retention. Read with the exam's row, so an exam without it costs a
     * start nothing.
     */
    proctor: jsonb('proctor').$type<TProctorSetting>().notNull().default(PROCTOR_OFF),
    /** 0 draft, 1 published, 2 closed. */
    state: smallint('state').notNull().default(0),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    /** Set when an exam with papers is "deleted": off the lists, results kept, restorable. */
    archivedAt: tz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_exam_state_time_idx').on(t.state, t.startTime), index('el_exam_tmpl_idx').on(t.tmplId)],
);

/** The (user, exam) record: attempts, best and last scores, passed. Recomputed from the papers. */
export const elUserExam = pgTable(
  'el_user_exam',
  {
    userId: text('user_id').notNull(),
    examId: text('exam_id').notNull(),
    tryCount: integer('try_count').notNull().default(0),
    bestScore: doublePrecision('best_score'),
    lastScore: doublePrecision('last_score'),
    passed: boolean('passed').notNull().default(false),
    lastPaperId: text('last_paper_id'),
    lastTime: tz('last_time'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.examId] }), index('el_user_exam_exam_idx').on(t.examId)],
);
