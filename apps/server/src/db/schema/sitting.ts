/**
 * One learner's attempt (答卷): the paper, its question snapshots and the exam room's presence.
 *
 * - An attempt (`el_paper`) snapshots its questions into `el_paper_qu`, one row per question and
 *   one per child of a composite question (`parent_qu_id` set). The snapshot keeps the options
 *   WITH their right flags and the reference answer: only server code reads them; what a learner
 *   receives is projected in modules/paper/paper-view.ts.
 * - One open paper per learner: the partial unique index `el_paper_open_uq` on (user_id) where
 *   state = 0 makes a second concurrent create fail on both PGlite and PostgreSQL.
 * - Presence (`el_paper_presence`) is a row of its own, written by the room's beat every 10 s, so
 *   the answer-saving hot path (fill-answer.ts) never writes it.
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

export const elPaperPresence = pgTable(
  'el_paper_presence',
  {
    paperId: text('paper_id').primaryKey(),
    examId: text('exam_id').notNull(),
    userId: text('user_id').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('el_paper_presence_exam_idx').on(t.examId)],
);
