/**
 * The lifecycle publishes its events with the change and the consequences follow after the
 * answer: right after a hand-in the outbox holds paper.handedIn, paper.marked and exam.passed while
 * the record and the wrong-answer book are untouched; delivering them fills both, exactly once.
 */
import { paperPaperCreate, paperPaperFillAnswer, paperPaperHand } from '@exam/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elUserBook, elUserExam, sysEvent, sysEventDelivery } from '../../../db/schema/index.js';
import { createDispatcher } from '../../../platform/events/dispatcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { eventConsumers } from '../../index.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { apply } from './index.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // Deliver only when this test says so.
  await t.app.events.stop();
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
});
afterAll(() => t.close());

describe('paper lifecycle events', () => {
  it('publishes with the hand-in and lets the consumers run after it', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    const student = await t.login('student', 'student123');
    const { data } = await t.call(paperPaperCreate.path, { examId }, student);
    await t.call(
      paperPaperFillAnswer.path,
      { paperId: data.paperId, quId: bank.multi, answer: ['B'], seq: 1, windowId: 'w1' },
      student,
    );
    const handed = await t.call(paperPaperHand.path, { paperId: data.paperId }, student);
    expect(handed.data).toEqual({ paperId: data.paperId, state: 2 });

    const events = await t.db.select().from(sysEvent).orderBy(asc(sysEvent.id));
    expect(events.map((e) => e.name)).toEqual(['paper.handedIn', 'paper.marked']);
    expect(events[1].payload).toMatchObject({ paperId: data.paperId, examId, score: 0, passed: false, byHand: false });
    expect(await t.db.select().from(elUserExam).where(eq(elUserExam.examId, examId))).toEqual([]);

    const dispatcher = createDispatcher(t.db, eventConsumers);
    // handedIn: record + book + the 监考 console's live relay; marked: record + book (nothing by
    // hand) + message (not by hand) + the certificate check of a failed paper (nothing to revoke)
    // + the question statistics and the learner's mastery per knowledge point.
    expect(await dispatcher.drain()).toBe(9);
    expect(await dispatcher.drain()).toBe(0);
    const [record] = await t.db.select().from(elUserExam).where(eq(elUserExam.examId, examId));
    expect(record).toMatchObject({ tryCount: 1, passed: false, lastPaperId: data.paperId });
    const book = await t.db.select().from(elUserBook).where(eq(elUserBook.examId, examId));
    // Both questions were missed (one unanswered, one wrong), each recorded once.
    expect(book.map((b) => [b.quId, b.wrongCount]).sort()).toEqual(
      [
        [bank.multi, 1],
        [bank.single, 1],
      ].sort(),
    );
    expect(await t.db.select().from(sysEventDelivery)).toEqual([]);
  });

  it('changes the state only from the state the statement names (apply)', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 5 });
    const student = await t.login('student', 'student123');
    const { data } = await t.call(paperPaperCreate.path, { examId }, student);
    await t.call(paperPaperHand.path, { paperId: data.paperId }, student);
    const before = await paperRow(data.paperId);
    expect(before.state).toBe(2);
    // A second hand-in of the finished paper: the guard (state = 0) finds no row, nothing changes.
    const moved = await t.db.transaction((tx) =>
      apply(tx, data.paperId, 'handIn', { from: 0, to: 1, patch: { userScore: 99, updatedAt: new Date() } }),
    );
    expect(moved).toBe(false);
    expect(await paperRow(data.paperId)).toEqual(before);
    // A transition the lifecycle refuses throws before any statement.
    await expect(
      t.db.transaction((tx) => apply(tx, data.paperId, 'mark', { from: 2, to: 0, patch: {} })),
    ).rejects.toThrow('paper transition refused: mark 2 -> 0');
    // Voiding goes through it too, once.
    const voidOnce = () =>
      t.db.transaction((tx) =>
        apply(tx, data.paperId, 'void', { from: 2, to: 2, patch: { voided: true, voidReason: 'test' } }),
      );
    expect(await voidOnce()).toBe(true);
    expect(await voidOnce()).toBe(false);
    expect(await paperRow(data.paperId)).toMatchObject({ state: 2, voided: true, userScore: before.userScore });
  });
});

async function paperRow(id: string) {
  const [row] = await t.db.select().from(elPaper).where(eq(elPaper.id, id));
  return row;
}
