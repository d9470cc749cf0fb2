/**
 * A paper created at the instant of a locking exam edit is serialised against it.
 * The paper's transaction takes el_exam FOR KEY SHARE, which waits for the edit's FOR UPDATE
 * (exam-archive.ts); when the edit changed the template, pass mark or marking settings meanwhile,
 * the paper is built once more from the new ones. Without the lock the paper was inserted from the
 * old template while the edit, having counted no papers, moved the exam to a new one.
 *
 * PostgreSQL only: PGlite has a single connection, so two transactions can never overlap there
 * (the test is skipped on the PGlite project; it runs when TEST_DATABASE_URL is set).
 */
import { ErrorCode, paperPaperAbandon, paperPaperCreate } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elExam, elPaper, elPaperQu } from '../../db/schema/index.js';
import { createTestApp, isPgRun, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { paperCountOf } from './exam-archive.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let bank: Bank;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!isPgRun())(
  'paper create against a locking exam edit (PostgreSQL only: PGlite has one connection)',
  () => {
    beforeAll(async () => {
      t = await createTestApp({ clock });
      admin = await t.login('admin', 'admin123');
      student = await t.login('student', 'student123');
      bank = await seedBank(t.db);
    }, 180_000);
    afterAll(async () => t?.close());

    it('waits for the edit holding the exam and builds the paper from the template it committed', async () => {
      const oldTmpl = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
      const newTmpl = await saveFixedTmpl(t, admin, [bank.multi, bank.short], 5);
      const examId = await saveExam(t, admin, oldTmpl, clock.ms(), { passScore: 10 });

      // The edit as exam-archive.ts runs it: lock the row, count no papers, change the template.
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let lockTaken!: () => void;
      const taken = new Promise<void>((r) => {
        lockTaken = r;
      });
      const edit = t.db.transaction(async (tx) => {
        await tx.select({ id: elExam.id }).from(elExam).where(eq(elExam.id, examId)).for('update');
        expect(await paperCountOf(tx, examId)).toBe(0);
        lockTaken();
        await held;
        await tx.update(elExam).set({ tmplId: newTmpl, passScore: 5 }).where(eq(elExam.id, examId));
      });
      await taken;
      let settled = false;
      const create = t.request(paperPaperCreate, { examId }, student).finally(() => {
        settled = true;
      });
      await pause(400);
      // The paper waits for the edit (before the fix it was already in, built on the old template).
      expect(settled).toBe(false);
      release();
      await edit;
      const res = await create;
      expect(res.code, res.msg).toBe(0);
      const quIds = (await t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, res.data.paperId)))
        .map((q) => q.quId)
        .sort();
      expect(quIds).toEqual([bank.multi, bank.short].sort());
      const [paper] = await t.db.select().from(elPaper).where(eq(elPaper.id, res.data.paperId));
      expect(paper).toMatchObject({ totalScore: 10, passScore: 5 });
      expect((await t.request(paperPaperAbandon, { paperId: res.data.paperId }, student)).code).toBe(0);
    });

    it('keeps papers and the exam template consistent when starts and a template switch race', async () => {
      const oldTmpl = await saveFixedTmpl(t, admin, [bank.single]);
      const newTmpl = await saveFixedTmpl(t, admin, [bank.judge]);
      const examId = await saveExam(t, admin, oldTmpl, clock.ms(), { passScore: 5 });
      const others = [await t.login('lisi', 'student123'), await t.login('wangwu', 'student123')];
      // Learners start while the administrator switches the template: either the switch is refused,
      // or every paper is built on the template the exam holds after it.
      const starts = [student, others[1]].map((token) => t.request(paperPaperCreate, { examId }, token));
      const switchTo = saveExam(t, admin, newTmpl, clock.ms(), { id: examId, passScore: 5 }).then(
        () => 0,
        (err: Error) =>
          err.message.includes(String(ErrorCode.EXAM_SETTINGS_LOCKED)) ? ErrorCode.EXAM_SETTINGS_LOCKED : -1,
      );
      const late = t.request(paperPaperCreate, { examId }, others[0]);
      const [outcome, ...papers] = await Promise.all([switchTo, ...starts, late]);
      expect([0, ErrorCode.EXAM_SETTINGS_LOCKED]).toContain(outcome);
      const [exam] = await t.db.select({ tmplId: elExam.tmplId }).from(elExam).where(eq(elExam.id, examId));
      const expected = exam.tmplId === newTmpl ? bank.judge : bank.single;
      for (const p of papers) {
        expect(p.code, p.msg).toBe(0);
        const rows = await t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, p.data.paperId));
        expect(rows.map((r) => r.quId)).toEqual([expected]);
      }
    });
  },
);
