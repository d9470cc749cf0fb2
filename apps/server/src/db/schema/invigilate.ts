/**
 * 监考: the invigilator's messages to the learners of an exam, and the exam room's
 * presence (its last beat and address). Presence is a row of its own, written by the room's beat
 * every 10 s, so the answer-saving hot path (fill-answer.ts) never writes it.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz } from './columns.js';

export const elInvigilateMsg = pgTable(
  'el_invigilate_msg',
  {
    id: idColumn(),
    examId: text('exam_id').notNull(),
    /** The learner addressed; null for every learner of the exam. */
    userId: text('user_id'),
    content: text('content').notNull(),
    reason: text('reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('el_invigilate_msg_exam_idx').on(t.examId, t.createdAt)],
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
