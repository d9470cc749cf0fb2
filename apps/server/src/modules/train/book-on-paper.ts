/**
 * The wrong-answer book follows exams through paper events (the paper module no longer writes it):
 * at hand-in the wrongly answered top-level questions marked automatically join the book, and when
 * an administrator finishes marking, the wrongly answered short-answer and composite questions do.
 * It runs in the delivery's transaction, which commits together with its removal, so it is not
 * repeated once it has succeeded.
 */
import { MarkState } from '@exam/contracts';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { elPaperQu } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { defineConsumer } from '../../platform/events/index.js';
import { COMPOSITE_TYPES, MANUAL_TYPES } from '../repo/kinds/registry.js';
import { recordWrongAnswers } from './book-record.js';

async function addWrong(
  db: Executor,
  p: { paperId: string; userId: string; examId: string | null },
  which: SQL,
  now: Date,
): Promise<void> {
  const wrong = await db
    .select({ quId: elPaperQu.quId, answer: elPaperQu.answer })
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, p.paperId), eq(elPaperQu.isRight, false), isNull(elPaperQu.parentQuId), which));
  await recordWrongAnswers(
    db,
    wrong.map((row) => ({
      userId: p.userId,
      quId: row.quId,
      examId: p.examId,
      source: 'exam' as const,
      answer: row.answer,
      now,
    })),
  );
}

export const bookOnPaperConsumer = defineConsumer({
  name: 'train.wrong-answer-book',
  events: ['paper.handedIn', 'paper.marked'],
  handle: async (event, db) => {
    if (event.name === 'paper.handedIn') {
      await addWrong(db, event.payload, eq(elPaperQu.markState, MarkState.AUTO), new Date(event.payload.handedInAt));
    } else if (event.payload.byHand) {
      const at = event.payload.markedAt ? new Date(event.payload.markedAt) : event.createdAt;
      await addWrong(db, event.payload, inArray(elPaperQu.type, [...MANUAL_TYPES, ...COMPOSITE_TYPES]), at);
    }
  },
});
