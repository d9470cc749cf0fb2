/**
 * Tells the learner when an administrator finished marking their paper (the text is unchanged
 * from when marking sent it itself). The message and its inbox row are written in the delivery's
 * transaction, so a delivery that succeeded is never repeated.
 */
import { EXAM_RESULT_LABELS } from '@exam/contracts';
import { inArray } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../../platform/events/index.js';
import { notifyEach } from './msg.service.js';

type Marked = DomainEvent<'paper.marked'>;

/** The notes of the events marked by hand: one read of their papers, then two inserts. */
async function sendNotes(db: Executor, events: Marked[]): Promise<void> {
  const byHand = events.filter((e) => e.payload.byHand);
  if (byHand.length === 0) return;
  const papers = await db
    .select({ id: elPaper.id, title: elPaper.title, totalScore: elPaper.totalScore, markedBy: elPaper.markedBy })
    .from(elPaper)
    .where(inArray(elPaper.id, [...new Set(byHand.map((e) => e.payload.paperId))]));
  const paperOf = new Map(papers.map((p) => [p.id, p]));
  await notifyEach(
    db,
    byHand.flatMap(({ payload }) => {
      const paper = paperOf.get(payload.paperId);
      if (!paper) return [];
      const result = EXAM_RESULT_LABELS[payload.passed ? 1 : 0];
      return [
        {
          userId: payload.userId,
          title: `考试「${paper.title}」已完成阅卷`,
          content: `您参加的考试「${paper.title}」已完成阅卷，得分${payload.score}分（总分${paper.totalScore}分），考试结果：${result}。`,
          senderId: paper.markedBy,
        },
      ];
    }),
  );
}

export const paperMarkedMsgConsumer = defineConsumer({
  name: 'msg.paper-marked',
  events: ['paper.marked'],
  handle: (event, db) => sendNotes(db, [event]),
  handleBatch: (events, db) => sendNotes(db, events),
});
