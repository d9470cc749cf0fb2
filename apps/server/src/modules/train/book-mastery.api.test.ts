/**
 * The wrong-answer book lets go: right answers in later exams (and in practice) count towards the
 * configured right streak, partial credit is wrong only below the configured share, and the
 * learner's whole book is one page grouped by exam, bank and kind with its rules.
 */
import {
  bookPaging,
  bookSummary,
  ErrorCode,
  paperMarkSave,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  sysConfigSaveItem,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elUserBook, sysUser } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
});
afterAll(async () => t.close());

async function sit(token: string, examId: string, answers: Record<string, unknown>) {
  const { data } = await t.call<{ paperId: string }>(paperPaperCreate.path, { examId }, token);
  for (const [quId, answer] of Object.entries(answers))
    await t.call(paperPaperFillAnswer.path, { paperId: data.paperId, quId, answer, seq: 1, windowId: 'w1' }, token);
  expect((await t.call(paperPaperHand.path, { paperId: data.paperId }, token)).code).toBe(0);
  await drainEvents(t);
  clock.add(60_000);
  return data.paperId;
}

async function entries(userName: string) {
  const [u] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, userName));
  const rows = await t.db.select().from(elUserBook).where(eq(elUserBook.userId, u.id));
  return new Map(rows.map((r) => [r.quId, r]));
}

describe('the wrong-answer book lets go', () => {
  it('questions missed once leave after two right answers in later attempts of the exam', async () => {
    const student = await t.login('student', 'student123');
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 0, passScore: 1 });
    await sit(student, examId, { [bank.single]: 'A', [bank.multi]: ['A'], [bank.judge]: 'A' });
    let book = await entries('student');
    expect(book.get(bank.single)?.rightStreak).toBe(0);
    expect(book.has(bank.multi)).toBe(true);
    expect(book.has(bank.judge)).toBe(false);

    const allRight = { [bank.single]: 'B', [bank.multi]: ['A', 'C'], [bank.judge]: 'A' };
    await sit(student, examId, allRight);
    book = await entries('student');
    expect(book.get(bank.single)).toMatchObject({ rightStreak: 1, wrongCount: 1 });
    expect(book.get(bank.multi)).toMatchObject({ rightStreak: 1 });
    await sit(student, examId, allRight);
    book = await entries('student');
    expect(book.has(bank.single)).toBe(false);
    expect(book.has(bank.multi)).toBe(false);
  });

  it('a wrong answer in between starts the streak again', async () => {
    const lisi = await t.login('lisi', 'student123');
    const tmplId = await saveFixedTmpl(t, admin, [bank.single]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 0, passScore: 1 });
    await sit(lisi, examId, { [bank.single]: 'A' });
    await sit(lisi, examId, { [bank.single]: 'B' });
    await sit(lisi, examId, { [bank.single]: 'C' });
    expect((await entries('lisi')).get(bank.single)).toMatchObject({ rightStreak: 0, wrongCount: 2 });
    await sit(lisi, examId, { [bank.single]: 'B' });
    expect((await entries('lisi')).get(bank.single)).toMatchObject({ rightStreak: 1 });
  });

  it('a short answer marked 12 of 15 is not wrong; one marked 6 of 15 is (share 60 %)', async () => {
    const wangwu = await t.login('wangwu', 'student123');
    const tmplId = await saveFixedTmpl(t, admin, [bank.short], 15);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 0, passScore: 1 });
    const first = await sit(wangwu, examId, { [bank.short]: '事务是原子的' });
    const marked = await t.call(
      paperMarkSave.path,
      { paperId: first, items: [{ quId: bank.short, score: 12 }] },
      admin,
    );
    expect(marked.code, marked.msg).toBe(0);
    await drainEvents(t);
    expect((await entries('wangwu')).has(bank.short)).toBe(false);

    const second = await sit(wangwu, examId, { [bank.short]: '不知道' });
    await t.call(paperMarkSave.path, { paperId: second, items: [{ quId: bank.short, score: 6 }] }, admin);
    await drainEvents(t);
    expect((await entries('wangwu')).get(bank.short)).toMatchObject({ wrongCount: 1, rightStreak: 0 });

    // The administrator lowers the share to 40 %: 6 of 15 (40 %) now counts as right.
    expect((await t.request(sysConfigSaveItem, { title: 'bookWrongShare', value: '40' }, admin)).code).toBe(0);
    const third = await sit(wangwu, examId, { [bank.short]: '一致' });
    await t.call(paperMarkSave.path, { paperId: third, items: [{ quId: bank.short, score: 6 }] }, admin);
    await drainEvents(t);
    expect((await entries('wangwu')).get(bank.short)).toMatchObject({ wrongCount: 1, rightStreak: 1 });
    await t.request(sysConfigSaveItem, { title: 'bookWrongShare', value: '60' }, admin);
  });
});

describe('the whole book (/api/book/summary) and its rules', () => {
  it('is refused without a token and names bad rule values', async () => {
    expect((await t.call(bookSummary.path, {}, null)).code).toBe(ErrorCode.NOT_LOGIN);
    const bad = await t.call(sysConfigSaveItem.path, { title: 'bookLeaveStreak', value: 'abc' }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('连续答对次数');
    const zero = await t.call(sysConfigSaveItem.path, { title: 'bookWrongShare', value: '0' }, admin);
    expect(zero.code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('tells the configured rules and counts the entries by exam, bank and kind', async () => {
    const zhou = await t.login('lisi', 'student123');
    let s = await t.request(bookSummary, {}, zhou);
    expect(s.data).toMatchObject({ leaveStreak: 2, wrongShare: 60, total: 1 });
    expect(s.data.exams).toEqual([expect.objectContaining({ title: '测试考试', count: 1 })]);
    expect(s.data.types).toEqual([{ type: 1, count: 1 }]);
    expect((await t.request(sysConfigSaveItem, { title: 'bookLeaveStreak', value: '3' }, admin)).code).toBe(0);
    s = await t.request(bookSummary, {}, zhou);
    expect(s.data.leaveStreak).toBe(3);
    // Filtered pages: by kind, by exam; all when no filter.
    const byType = await t.request(bookPaging, { current: 1, size: 10, params: { quType: 2 } }, zhou);
    expect(byType.data.total).toBe(0);
    const all = await t.request(bookPaging, { current: 1, size: 10, params: {} }, zhou);
    expect(all.data.records).toEqual([expect.objectContaining({ quId: bank.single, examTitle: '测试考试' })]);
    await t.request(sysConfigSaveItem, { title: 'bookLeaveStreak', value: '2' }, admin);
  });

  it('a bank entry from practice is grouped under its bank', async () => {
    const [u] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'lisi'));
    await t.db
      .update(elUserBook)
      .set({ repoId: bank.repoId })
      .where(and(eq(elUserBook.userId, u.id), eq(elUserBook.quId, bank.single)));
    const s = await t.request(bookSummary, {}, await t.login('lisi', 'student123'));
    expect(s.data.repos).toEqual([{ repoId: bank.repoId, title: '测试题库', count: 1 }]);
    const byRepo = await t.request(
      bookPaging,
      { current: 1, size: 10, params: { repoId: bank.repoId } },
      await t.login('lisi', 'student123'),
    );
    expect(byRepo.data.records[0]).toMatchObject({ repoTitle: '测试题库' });
  });
});
