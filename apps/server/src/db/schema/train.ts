/**
 * Practice (刷题训练): a training session per start, its questions, and the sequential
 * resume position per (user, bank). The wrong-answer book it feeds, shared with exams, is `el_user_book`.
 *
 * - `el_train.mode`: 1 sequential, 2 random, 3 by type, 4 wrong questions, 5 recite, 6 timed mock,
 *   7 spaced review (questions due in the book, across banks: `repo_id` null).
 * - `el_train.state`: 0 in progress, 1 finished. One open session per (user, bank, mode) is resumed
 *   by start; "重新开始" (clear) closes it.
 * - `el_train_qu.reveal`: whether answer and analysis may be shown after answering (false for review
 *   questions that came from an exam bank closed to practice).
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

export const elTrain = pgTable(
  'el_train',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    /** Null for a review session (mode 7), whose questions come from several banks. */
    repoId: text('repo_id'),
    mode: smallint('mode').notNull(),
    /** Question types chosen for mode 3 (empty = all). */
    types: integer('types').array().notNull().default(sql`'{}'::int[]`),
    total: integer('total').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
    wrongCount: integer('wrong_count').notNull().default(0),
    /** Mock mode: 0-100 from the per-question scores at finish; null for the other modes. */
    score: doublePrecision('score'),
    /** Minutes allowed (mock mode); 0 = no limit. */
    timeLimit: integer('time_limit').notNull().default(0),
    /** startedAt + timeLimit for a mock session. */
    deadline: tz('deadline'),
    /** Active time: each answer adds the time since the last activity, at most 5 minutes. */
    usedSeconds: integer('used_seconds').notNull().default(0),
    lastActiveAt: tz('last_active_at').notNull(),
    state: smallint('state').notNull().default(0),
    startedAt: tz('started_at').notNull(),
    finishedAt: tz('finished_at'),
    /**
     * The answered question whose self-mark (自评) may still be set or changed: the last question
     * answered that a person must judge. Answering another question or finishing closes it.
     */
    markOpenQuId: text('mark_open_qu_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open session per (user, bank, mode): two concurrent starts cannot both create one.
    uniqueIndex('el_train_open_uq').on(t.userId, sql`coalesce(${t.repoId}, '')`, t.mode).where(sql`${t.state} = 0`),
    index('el_train_user_repo_idx').on(t.userId, t.repoId, t.mode, t.state),
    index('el_train_repo_idx').on(t.repoId),
    index('el_train_user_started_idx').on(t.userId, t.startedAt),
  ],
);

export const elTrainQu = pgTable(
  'el_train_qu',
  {
    trainId: text('train_id').notNull(),
    quId: text('qu_id').notNull(),
    /** 0-based position in the session. */
    sort: integer('sort').notNull(),
    type: smallint('type').notNull(),
    /** The learner's answer; a composite keeps { [childId]: answer }. */
    answer: jsonb('answer'),
    /** Null until answered, and for a short answer that cannot be judged from keywords. */
    isRight: boolean('is_right'),
    /** Share of the question's marks, 0-1 (partial for blanks, matching, composite). */
    score: doublePrecision('score').notNull().default(0),
    reveal: boolean('reveal').notNull().default(true),
    answeredAt: tz('answered_at'),
    /** The learner's self-marks of manual parts: { [quId or child id]: right }; null before any. */
    selfMarks: jsonb('self_marks').$type<Record<string, boolean>>(),
    /**
     * The book entry as it was before this answer's self-mark first changed it, and its
     * updated_at after the last self-mark, so a changed self-mark undoes its effect exactly
     * (book-record.ts undoSelfMark). Null until a self-mark reached the book.
     */
    selfMarkBook: jsonb('self_mark_book'),
    /** Client sequence of the stored answer (mock journal); an older re-sent save never overwrites it. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trainId, t.quId] }), index('el_train_qu_sort_idx').on(t.trainId, t.sort)],
);

/** Where sequential practice (mode 1) of a bank resumes: the question after `lastQuId`. */
export const elTrainProgress = pgTable(
  'el_train_progress',
  {
    userId: text('user_id').notNull(),
    repoId: text('repo_id').notNull(),
    lastQuId: text('last_qu_id'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.repoId] })],
);

/**
 * A learner's own marks on a question: the favourite (收藏) and the personal note
 * (笔记), one row per (user, question) holding both, so favouriting twice is one row and a note
 * on a favourite is the same row. The row goes when neither is left (train/fav/fav.service.ts).
 * No foreign key to el_qu: questions are soft-deleted, and the lists skip deleted ones.
 */
export const elUserFavNote = pgTable(
  'el_user_fav_note',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    quId: text('qu_id').notNull(),
    fav: boolean('fav').notNull().default(false),
    /** When it was last favourited; null while not a favourite. */
    favAt: tz('fav_at'),
    /** Plain text (fav-rules.ts cleanNote), at most NOTE_MAX_LENGTH characters; null when none. */
    note: text('note'),
    noteAt: tz('note_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('el_user_fav_note_uq').on(t.userId, t.quId),
    index('el_user_fav_note_fav_idx').on(t.userId, t.favAt).where(sql`${t.fav}`),
    index('el_user_fav_note_note_idx').on(t.userId, t.noteAt).where(sql`${t.note} is not null`),
  ],
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
