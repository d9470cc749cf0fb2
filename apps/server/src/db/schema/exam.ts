/**
 * Papers (试卷模板), exams (考试), attempts (答卷) with their question snapshots, the per-(user, exam)
 * record and the wrong-answer book shared by exams and training.
 *
 * - A template's `sections` (jsonb) are, for a fixed paper (kind 1),
 *   `{ title, items: [{ quId, score }] }` and, for a rule paper (kind 2),
 *   `{ title, repoIds, quType, level (0 = any), count, score }` (drawn afresh for every attempt).
 * - An attempt (`el_paper`) snapshots its questions into `el_paper_qu`, one row per question and
 *   one per child of a composite question (`parent_qu_id` set). The snapshot keeps the options
 *   WITH their right flags and the reference answer: only server code reads them; what a learner
 *   receives is projected in modules/paper/paper-view.ts.
 * - One open paper per learner: the partial unique index `el_paper_open_uq` on (user_id) where
 *   state = 0 makes a second concurrent create fail on both PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';
import type { QuestionAnswer, QuestionOption } from './repo.js';

export interface FixedSection {
  title: string;
  items: { quId: string; score: number }[];
}
export interface RuleSection {
  title: string;
  repoIds: string[];
  quType: number;
  /** 0 any level, 1 ordinary, 2 hard. */
  level: number;
  count: number;
  score: number;
}
export type TmplSection = FixedSection | RuleSection;

export const elPaperTmpl = pgTable(
  'el_paper_tmpl',
  {
    id: idColumn(),
    title: text('title').notNull(),
    /** 1 fixed (questions picked by hand), 2 rules (drawn for every attempt). */
    kind: smallint('kind').notNull(),
    remark: text('remark'),
    sections: jsonb('sections').$type<TmplSection[]>().notNull().default([]),
    totalScore: doublePrecision('total_score').notNull().default(0),
    quCount: integer('qu_count').notNull().default(0),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_paper_tmpl_title_idx').on(t.title)],
);

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
     * locked for that learner (paper/sitting-guard.ts).
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

export const elPaper = pgTable(
  'el_paper',
  {
    id: idColumn(),
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    /** The learner's department when the attempt was made. */
    deptId: text('dept_id'),
    title: text('title').notNull(),
    /** 0 in exam, 1 awaiting marking, 2 finished, 3 abandoned. */
    state: smallint('state').notNull().default(0),
    startTime: tz('start_time').notNull(),
    /** min(start + duration, window end): no answer is accepted after it; the sweep hands in. */
    deadline: tz('deadline').notNull(),
    handTime: tz('hand_time'),
    /** How the paper was handed in: 1 learner, 2 deadline sweep, 3 leave limit, 4 abandoned. */
    handKind: smallint('hand_kind'),
    totalScore: doublePrecision('total_score').notNull().default(0),
    passScore: doublePrecision('pass_score').notNull().default(0),
    objScore: doublePrecision('obj_score').notNull().default(0),
    subjScore: doublePrecision('subj_score').notNull().default(0),
    userScore: doublePrecision('user_score').notNull().default(0),
    passed: boolean('passed').notNull().default(false),
    leaveCount: integer('leave_count').notNull().default(0),
    /** The window answering the paper (last claim); saves from any other window are refused. */
    activeWindow: text('active_window'),
    voided: boolean('voided').notNull().default(false),
    voidReason: text('void_reason'),
    voidedBy: text('voided_by'),
    voidedAt: tz('voided_at'),
    markedBy: text('marked_by'),
    markedAt: tz('marked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('el_paper_open_uq').on(t.userId).where(sql`${t.state} = 0`),
    index('el_paper_user_exam_idx').on(t.userId, t.examId, t.createdAt),
    index('el_paper_exam_state_idx').on(t.examId, t.state),
    index('el_paper_open_deadline_idx').on(t.deadline).where(sql`${t.state} = 0`),
    index('el_paper_state_idx').on(t.state),
  ],
);

export const elPaperQu = pgTable(
  'el_paper_qu',
  {
    paperId: text('paper_id').notNull(),
    quId: text('qu_id').notNull(),
    /** The composite question this row is a child of. */
    parentQuId: text('parent_qu_id'),
    sort: integer('sort').notNull(),
    sectionIdx: integer('section_idx').notNull().default(0),
    sectionTitle: text('section_title').notNull().default(''),
    type: smallint('type').notNull(),
    level: smallint('level').notNull().default(1),
    score: doublePrecision('score').notNull(),
    content: text('content').notNull(),
    /** Snapshot WITH right flags, in display order (shuffled when the exam says so). */
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    refAnswer: jsonb('ref_answer').$type<QuestionAnswer>().notNull().default({}),
    analysis: text('analysis'),
    /** The learner's answer (shape per type, see contracts/exam/paper.ts). */
    answer: jsonb('answer'),
    flagged: boolean('flagged').notNull().default(false),
    /** Client sequence of the stored answer; older re-sent answers never overwrite newer ones. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    answeredAt: tz('answered_at'),
    isRight: boolean('is_right'),
    actualScore: doublePrecision('actual_score').notNull().default(0),
    /** 0 not marked yet, 1 marked automatically, 2 awaiting manual marking, 3 marked by hand. */
    markState: smallint('mark_state').notNull().default(0),
    suggestScore: doublePrecision('suggest_score'),
    /** Marked by hand: whether the marker took the keyword suggestion (one click) rather than scoring it; null before. */
    suggestTaken: boolean('suggest_taken'),
    markComment: text('mark_comment'),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.quId] }), index('el_paper_qu_qu_idx').on(t.quId)],
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

/**
 * The wrong-answer book, one row per (user, question), shared by exams and training: `exam_id` /
 * `repo_id` say where the question was last answered wrongly; `right_streak` and
 * `next_review_at` drive spaced review.
 */
export const elUserBook = pgTable(
  'el_user_book',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    quId: text('qu_id').notNull(),
    examId: text('exam_id'),
    repoId: text('repo_id'),
    /** 'exam' or 'train': where it was last answered wrongly. */
    source: text('source').notNull().default('exam'),
    wrongCount: integer('wrong_count').notNull().default(1),
    lastWrongAt: tz('last_wrong_at').notNull(),
    lastAnswer: jsonb('last_answer'),
    rightStreak: integer('right_streak').notNull().default(0),
    /** Spaced review: rung of the 1, 2, 4, 7, 15-day ladder reached; 0 after a miss. */
    reviewStep: integer('review_step').notNull().default(0),
    nextReviewAt: tz('next_review_at'),
    lastReviewAt: tz('last_review_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('el_user_book_uq').on(t.userId, t.quId),
    index('el_user_book_exam_idx').on(t.userId, t.examId),
    index('el_user_book_review_idx').on(t.userId, t.nextReviewAt),
  ],
);
