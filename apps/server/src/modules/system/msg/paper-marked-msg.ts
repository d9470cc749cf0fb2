/**
 * Tells the learner when an administrator finished marking their paper (the text is unchanged
 * from when marking sent it itself). The message and its inbox row are written in the delivery's
 * transaction, so a delivery that succeeded is never repeated.
 */
import { EXAM_RESULT_LABELS } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { defineConsumer } from '../../../platform/events/index.js';
import { notifyUser } from './msg.service.js';

export const paperMarkedMsgConsumer = defineConsumer({
  name: 'msg.paper-marked',
  events: ['paper.marked'],
  handle: async (event, db) => {
    if (!event.payload.byHand) return;
    const [paper] = await db
      .select({ title: elPaper.title, totalScore: elPaper.totalScore, markedBy: elPaper.markedBy })
      .from(elPaper)
      .where(eq(elPaper.id, event.payload.paperId));
    if (!paper) return;
    const result = EXAM_RESULT_LABELS[event.payload.passed ? 1 : 0];
    // A transaction is a valid executor here: notifyUser's own transaction becomes a savepoint.
    await notifyUser(
      db as Db,
      [event.payload.userId],
      `考试「${paper.title}」已完成阅卷`,
      `您参加的考试「${paper.title}」已完成阅卷，得分${event.payload.score}分（总分${paper.totalScore}分），考试结果：${result}。`,
      paper.markedBy,
    );
  },
});
