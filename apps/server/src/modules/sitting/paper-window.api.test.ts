/**
 * One answering window per paper: the last window to claim a paper answers it; saves from any
 * other window are refused with 20010008 and change nothing; a stale save answers what is stored.
 */
import { ErrorCode, paperPaperAbandon, paperPaperClaim, paperPaperCreate, paperPaperFillAnswer } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elPaperQu } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let bank: Bank;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
});
afterAll(async () => t.close());

/** A fresh paper (the learner's previous open one, of another test, is abandoned first). */
const start = async (token: string, overrides: Record<string, unknown> = {}) => {
  const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10, ...overrides });
  let res = await t.call(paperPaperCreate.path, { examId }, token);
  if (res.code === ErrorCode.EXAM_IN_PROGRESS) {
    await t.call(paperPaperAbandon.path, { paperId: res.data.paperId }, token);
    res = await t.call(paperPaperCreate.path, { examId }, token);
  }
  if (res.code !== 0) throw new Error(`create: ${res.code} ${res.msg}`);
  return res.data.paperId as string;
};
const claim = (token: string, paperId: string, windowId: string) =>
  t.call(paperPaperClaim.path, { paperId, windowId }, token);
const fill = (token: string, paperId: string, answer: unknown, seq: number, windowId?: string | null) =>
  t.call(paperPaperFillAnswer.path, { paperId, quId: bank.single, answer, seq, windowId }, token);
const stored = async (paperId: string) =>
  (
    await t.db
      .select({ answer: elPaperQu.answer, seq: elPaperQu.seq })
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, bank.single)))
  )[0];

describe('one answering window per paper', () => {
  it('refuses saves from a window that was taken over, until it takes the paper back', async () => {
    const paperId = await start(student);
    expect((await claim(student, paperId, 'win-a')).data).toEqual({ takenOver: false });
    expect((await fill(student, paperId, 'A', 1, 'win-a')).data).toMatchObject({ accepted: true, seq: 1 });

    // Window B opens the same paper (another tab or device): it takes over.
    expect((await claim(student, paperId, 'win-b')).data).toEqual({ takenOver: true });
    const refused = await fill(student, paperId, 'C', 2, 'win-a');
    expect(refused.code).toBe(ErrorCode.PAPER_OTHER_WINDOW);
    expect(refused.msg).toContain('其他窗口或设备');
    expect(await stored(paperId)).toEqual({ answer: 'A', seq: 1 }); // nothing written
    expect((await fill(student, paperId, 'B', 2, 'win-b')).data).toMatchObject({ accepted: true, seq: 2 });

    // 继续在此作答: A claims again; now B is refused and A's newer save is stored.
    expect((await claim(student, paperId, 'win-a')).data).toEqual({ takenOver: true });
    expect((await fill(student, paperId, 'D', 3, 'win-b')).code).toBe(ErrorCode.PAPER_OTHER_WINDOW);
    expect((await fill(student, paperId, 'C', 3, 'win-a')).data).toMatchObject({ accepted: true, seq: 3 });
    expect(await stored(paperId)).toEqual({ answer: 'C', seq: 3 });
    // Claiming again from the same window (a reload) is no takeover.
    expect((await claim(student, paperId, 'win-a')).data).toEqual({ takenOver: false });
  });

  it('answers a stale save with the answer the server holds', async () => {
    const paperId = await start(student);
    await claim(student, paperId, 'w1');
    await fill(student, paperId, 'B', 7, 'w1');
    const stale = await fill(student, paperId, 'A', 5, 'w1');
    expect(stale.code).toBe(0);
    expect(stale.data).toEqual({ accepted: false, seq: 7, answer: 'B', flagged: false });
    expect(await stored(paperId)).toEqual({ answer: 'B', seq: 7 });
  });

  it('checks the deadline before the window, and leaves a closed paper unclaimed', async () => {
    const paperId = await start(student, { duration: 5 });
    await claim(student, paperId, 'w1');
    await claim(student, paperId, 'w2');
    clock.add(5 * 60_000);
    expect((await fill(student, paperId, 'A', 1, 'w1')).code).toBe(ErrorCode.EXAM_TIME_OVER);
    expect((await fill(student, paperId, 'A', 2, 'w2')).code).toBe(ErrorCode.PAPER_CLOSED);
    expect((await claim(student, paperId, 'w3')).data).toEqual({ takenOver: false });
    const [p] = await t.db.select().from(elPaper).where(eq(elPaper.id, paperId));
    expect(p.activeWindow).toBe('w2');
    expect(p.state).not.toBe(0);
  });

  it('two windows saving at once: only the active one is stored', async () => {
    const paperId = await start(student);
    await claim(student, paperId, 'old');
    await claim(student, paperId, 'new');
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fill(student, paperId, i % 2 ? 'B' : 'A', i + 1, i % 2 ? 'new' : 'old')),
    );
    for (const [i, r] of res.entries())
      if (i % 2) expect(r.code).toBe(0);
      else expect(r.code).toBe(ErrorCode.PAPER_OTHER_WINDOW);
    expect((await stored(paperId)).answer).toBe('B');
  });

  it('refuses a save without a window id like another window, claimed or not, and writes nothing', async () => {
    const unclaimed = await start(student);
    const none = await fill(student, unclaimed, 'A', 1);
    expect(none.code).toBe(ErrorCode.PAPER_WINDOW_REQUIRED);
    expect(none.msg).toBe('请刷新页面后继续作答');
    expect((await fill(student, unclaimed, 'A', 1, null)).code).toBe(ErrorCode.PAPER_WINDOW_REQUIRED);
    expect(await stored(unclaimed)).toEqual({ answer: null, seq: 0 });

    const paperId = await start(student);
    await claim(student, paperId, 'w1');
    expect((await fill(student, paperId, 'A', 1, 'w1')).data).toMatchObject({ accepted: true });
    expect((await fill(student, paperId, 'B', 2)).code).toBe(ErrorCode.PAPER_WINDOW_REQUIRED);
    expect(await stored(paperId)).toEqual({ answer: 'A', seq: 1 });
    // The sequence rule still holds for the window's own saves.
    expect((await fill(student, paperId, 'B', 1, 'w1')).data).toMatchObject({ accepted: false, answer: 'A' });
  });

  it('guards the claim: token, owner, input', async () => {
    const paperId = await start(student);
    await claim(student, paperId, 'mine');
    expect((await t.call(paperPaperClaim.path, { paperId, windowId: 'x' })).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await claim(lisi, paperId, 'x')).code).toBe(ErrorCode.NO_PERMISSION);
    // Another learner's refused claim moved nothing: the owner's window still answers.
    expect((await fill(student, paperId, 'C', 1, 'mine')).data).toMatchObject({ accepted: true });
    expect((await claim(student, paperId, 'mine')).data).toEqual({ takenOver: false });
    expect((await claim(student, 'nope', 'x')).code).toBe(ErrorCode.NOT_FOUND);
    const bad = await t.call(paperPaperClaim.path, { paperId }, student);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('答题窗口ID');
    const long = await fill(student, paperId, 'A', 1, 'x'.repeat(65));
    expect(long.code).toBe(ErrorCode.BAD_PARAMS);
    expect(long.msg).toContain('答题窗口ID');
    expect(await stored(paperId)).toEqual({ answer: 'C', seq: 1 });
  });
});
