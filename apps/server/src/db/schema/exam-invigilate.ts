/** 监考: the invigilator's messages to the learners of an exam (the room's presence is in sitting.ts). */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';

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
