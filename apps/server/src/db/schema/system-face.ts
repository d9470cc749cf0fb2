/** Face login: the enrolled face of a user, kept as a descriptor only (never a frame), and the active liveness checks. */
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

/**
 * One row per user: the mean of the face descriptors (embeddings, 1024 numbers of the faceres
 * model of @vladmandic/human) of the frames seen at enrolment. The camera frames themselves are
 * discarded as soon as they are analysed; nothing here can be turned back into a picture.
 */
export const sysUserFace = pgTable('sys_user_face', {
  userId: text('user_id').primaryKey(),
  descriptor: jsonb('descriptor').$type<number[]>().notNull(),
  /** Model that made the descriptor; a descriptor of another model cannot be compared. */
  model: text('model').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One active liveness check (a challenge session), of face sign-in, enrolment or an exam's door
 * (remote proctoring): the server's random steps, how far the learner got,
 * and the frames' digests (a replay of an earlier session's frames is refused). `purpose` tells the
 * door of an exam from a face sign-in or an enrolment; `subject` is the exam id at the door, the user
 * name at a sign-in.
 */
export const sysFaceChallenge = pgTable(
  'sys_face_challenge',
  {
    id: idColumn(),
    /** 'door' | 'login' | 'enrol'. */
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    /** The signed-in user (door, enrol); null at a sign-in until it succeeds. */
    userId: text('user_id'),
    steps: jsonb('steps').$type<string[]>().notNull(),
    /** Steps passed so far. */
    passedSteps: integer('passed_steps').notNull().default(0),
    /** Descriptors of the passed steps' frames, averaged at the end (never stored past the session). */
    descriptors: jsonb('descriptors').$type<number[][]>().notNull().default([]),
    frameDigests: text('frame_digests').array().notNull().default([]),
    /** 0 open, 1 passed, 2 failed, 3 expired. */
    state: smallint('state').notNull().default(0),
    reason: text('reason'),
    ip: text('ip'),
    expiresAt: tz('expires_at').notNull(),
    finishedAt: tz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_face_challenge_subject_idx').on(t.purpose, t.subject, t.userId, t.createdAt)],
);
