/** Face login: the enrolled face of a user, kept as a descriptor only (never a frame). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

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
