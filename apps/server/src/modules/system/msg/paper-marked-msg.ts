/**
 * Tells the learner when an administrator finished marking their paper (the text is unchanged
 * from when marking sent it itself). The message and its inbox row are written in the delivery's
 * transaction, so a delivery that succeeded is never repeated.
 */
import { EXAM_RESULT_LABELS } from '@exam/contracts';
import type { Executor } from '../../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../../platform/events/index.js';
import { notifyEach } from './msg.service.js';

type Marked = DomainEvent<'paper.marked'>;

/**
 * The learner's note, from the event alone (the paper's title, total and marker travel in the
 * payload, so this module reads no paper table). An event published before they did names no title.
 */
function noteOf({ payload: p }: Marked) {
  const result = EXAM_RESULT_LABELS[p.passed ? 1 : 0];
  const exam = p.title === undefined ? '考试' : `考试「${p.title}」`;
  const total = p.totalScore === undefined ? '' : `（总分${p.totalScore}分）`;
  return {
    userId: p.userId,
    title: `${exam}已完成阅卷`,
    content: `您参加的${exam}已完成阅卷，得分${p.score}分${total}，考试结果：${result}。`,
    senderId: p.markedBy ?? null,
  };
}

/** The notes of the events marked by hand: two inserts for any number. */
const sendNotes = (db: Executor, events: Marked[]) =>
  notifyEach(db, events.filter((e) => e.payload.byHand).map(noteOf));

export const paperMarkedMsgConsumer = defineConsumer({
  name: 'msg.paper-marked',
  events: ['paper.marked'],
  handle: (event, db) => sendNotes(db, [event]),
  handleBatch: (events, db) => sendNotes(db, events),
});
