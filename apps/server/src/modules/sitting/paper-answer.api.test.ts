/** Answering and handing in: deadline, sequence, hand-in races, the sweep, ownership, no leaks. */
import {
  bookPaging,
  ErrorCode,
  examExamCheck,
  examExamOnlinePaging,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperLeave,
  paperPaperQuDetail,
  paperPaperRecordPaging,
  paperPaperResult,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elUserExam } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { sweepOverduePapers } from './sweep.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let wangwu: string;
let bank: Bank;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [
    bank.single,
    bank.multi,
    bank.judge,
    bank.fill,
    bank.match,
    bank.short,
    bank.comp,
  ]);
});
afterAll(async () => t.close());

const start = async (token: string, examId: string) => {
  const res = await t.call(paperPaperCreate.path, { examId }, token);
  if (res.code !== 0) throw new Error(`create: ${res.code} ${res.msg}`);
  return res.data.paperId as string;
};
const fill = (token: string, paperId: string, quId: string, answer: unknown, seq: number) =>
  t.call(paperPaperFillAnswer.path, { paperId, quId, answer, seq, windowId: 'w1' }, token);
const paperState = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0].state;
const LEAK = /"(isRight|answer|analysis|refAnswer|rightOptions|pairs|keywords|reference|blanks)"|解析/;

describe('answering', () => {
  it('stores newer answers only, never leaks answers while open, and marks at hand-in', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { resultShow: 2, kindSettings: { 2: { policy: 1 } } });
    const create = await t.call(paperPaperCreate.path, { examId }, student);
    const paperId = create.data.paperId;
    const detail = await t.call(paperPaperDetail.path, { paperId }, student);
    expect(detail.code).toBe(0);
    expect(detail.data.serverTime).toBe(clock().toISOString());
    expect(Date.parse(detail.data.deadline) - clock.ms()).toBe(60 * 60_000);
    expect(detail.data.questions).toHaveLength(9); // 7 questions + 2 children of the composite

    expect((await fill(student, paperId, bank.single, 'A', 5)).data).toEqual({ accepted: true, seq: 5 });
    expect((await fill(student, paperId, bank.single, 'B', 3)).data).toEqual({
      accepted: false,
      seq: 5,
      answer: 'A', // what the server holds, so the client cannot believe 'B' was saved
      flagged: false,
    });
    expect((await fill(student, paperId, bank.single, 'B', 6)).data).toEqual({ accepted: true, seq: 6 });
    await fill(student, paperId, bank.multi, ['A'], 1); // half score
    await fill(student, paperId, bank.judge, 'B', 1); // wrong
    await fill(student, paperId, bank.fill, ['  北京 '], 1);
    // The right column is lettered by position (A, B): answer 喵 for both, one pair of two.
    const match = detail.data.questions.find((q: { quId: string }) => q.quId === bank.match);
    const meow = match.matching.right.find((r: { content: string }) => r.content === '喵').key;
    await fill(student, paperId, bank.match, { L1: meow, L2: meow }, 1);
    await fill(student, paperId, bank.short, '事务具有原子性', 1);
    const kids = detail.data.questions.filter((q: { parentQuId: string | null }) => q.parentQuId === bank.comp);
    await fill(student, paperId, kids[0].quId, 'A', 1);
    await fill(student, paperId, kids[1].quId, 'A', 1);
    expect((await fill(student, paperId, bank.comp, 'A', 1)).code).toBe(ErrorCode.BAD_PARAMS);

    const texts = [
      JSON.stringify(create),
      JSON.stringify(await t.call(paperPaperDetail.path, { paperId }, student)),
      JSON.stringify(await t.call(paperPaperQuDetail.path, { paperId, quId: bank.match }, student)),
      JSON.stringify(await t.call(paperPaperResult.path, { paperId }, student)),
      JSON.stringify(await t.call(examExamCheck.path, { id: examId }, student)),
      JSON.stringify(await t.call(examExamOnlinePaging.path, {}, student)),
    ];
    for (const text of texts) expect(text).not.toMatch(LEAK);
    const stored = await t.call(paperPaperDetail.path, { paperId }, student);
    expect(stored.data.questions.find((q: { quId: string }) => q.quId === bank.single)).toMatchObject({
      myAnswer: 'B',
      seq: 6,
      answered: true,
    });

    const handed = await t.call(paperPaperHand.path, { paperId }, student);
    expect(handed.data).toEqual({ paperId, state: 1 }); // the short answer awaits marking
    const result = await t.call(paperPaperResult.path, { paperId }, student);
    // single 10 + multi 5 + judge 0 + fill 10 + match 5 + composite (5 + 0) = 35
    expect(result.data).toMatchObject({
      state: 1,
      stateLabel: '待阅卷',
      objScore: 35,
      userScore: 35,
      showAnswers: true,
    });
    const judge = result.data.questions.find((q: { quId: string }) => q.quId === bank.judge);
    expect(judge).toMatchObject({ rightOptions: ['A'], isRight: false, actualScore: 0 });
    await drainEvents(t);
    const book = await t.call(bookPaging.path, { current: 1, size: 20, params: { examId } }, student);
    expect(book.data.records.map((r: { quId: string }) => r.quId).sort()).toEqual(
      [bank.multi, bank.judge, bank.match, bank.comp].sort(),
    );
  });

  it('accepts no answer after the deadline and hands the paper in', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { duration: 10 });
    const paperId = await start(lisi, examId);
    expect((await fill(lisi, paperId, bank.single, 'B', 1)).data.accepted).toBe(true);
    clock.add(10 * 60_000);
    const late = await fill(lisi, paperId, bank.single, 'A', 2);
    expect(late.code).toBe(ErrorCode.EXAM_TIME_OVER);
    expect(late.msg).toContain('考试时间已结束');
    expect(await paperState(paperId)).toBe(2); // the empty short answer scores 0 at once
    expect((await fill(lisi, paperId, bank.single, 'A', 3)).code).toBe(ErrorCode.PAPER_CLOSED);
  });

  it('enforces the earliest hand-in, and hand-in twice at once gives one result', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { handMinMinutes: 10 });
    const paperId = await start(wangwu, examId);
    const early = await t.call(paperPaperHand.path, { paperId }, wangwu);
    expect(early.code).toBe(ErrorCode.HAND_TOO_EARLY);
    clock.add(10 * 60_000);
    const both = await Promise.all([
      t.call(paperPaperHand.path, { paperId }, wangwu),
      t.call(paperPaperHand.path, { paperId }, wangwu),
    ]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(both[0].data).toEqual(both[1].data);
    await drainEvents(t);
    const [record] = await t.db.select().from(elUserExam).where(eq(elUserExam.examId, examId));
    expect(record.tryCount).toBe(1);
  });

  it('lets a learner read only their own papers', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const paperId = await start(student, examId);
    for (const path of ['detail', 'result', 'hand', 'leave', 'abandon'])
      expect((await t.call(`/api/paper/paper/${path}`, { paperId, kind: 'blur' }, lisi)).code).toBe(
        ErrorCode.NO_PERMISSION,
      );
    expect((await fill(lisi, paperId, bank.single, 'A', 1)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(paperPaperDetail.path, { paperId: 'nope' }, lisi)).code).toBe(ErrorCode.NOT_FOUND);
    const others = await t.call(paperPaperRecordPaging.path, { params: { examId, userId: 'someone' } }, lisi);
    expect(others.code).toBe(ErrorCode.NO_PERMISSION);
    await t.call(paperPaperAbandon.path, { paperId }, student);
    expect(await paperState(paperId)).toBe(3);
  });

  it('forces the hand-in when the learner leaves the page once more than allowed', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { leaveLimit: 2 });
    const paperId = await start(student, examId);
    const leave = () => t.call(paperPaperLeave.path, { paperId, kind: 'blur' }, student);
    expect((await leave()).data).toEqual({ leaveCount: 1, leaveLimit: 2, handed: false });
    expect((await leave()).data).toEqual({ leaveCount: 2, leaveLimit: 2, handed: false });
    expect((await leave()).data).toEqual({ leaveCount: 3, leaveLimit: 2, handed: true });
    expect(await paperState(paperId)).not.toBe(0);
  });
});

describe('the deadline sweep', () => {
  it('hands every overdue paper in exactly once, two sweeps at once', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { duration: 5 });
    const ids = [await start(student, examId), await start(lisi, examId), await start(wangwu, examId)];
    expect(await sweepOverduePapers(t.db, clock())).toBe(0);
    clock.add(5 * 60_000 + 1000);
    const counts = await Promise.all([sweepOverduePapers(t.db, clock()), sweepOverduePapers(t.db, clock())]);
    expect(counts[0] + counts[1]).toBe(3);
    for (const id of ids) {
      const [p] = await t.db.select().from(elPaper).where(eq(elPaper.id, id));
      expect(p.state).toBe(2);
      expect(p.handKind).toBe(2);
      expect(p.handTime?.getTime()).toBe(p.deadline.getTime());
    }
    await drainEvents(t);
    const records = await t.db.select().from(elUserExam).where(eq(elUserExam.examId, examId));
    expect(records.map((r) => r.tryCount)).toEqual([1, 1, 1]);
    expect(await sweepOverduePapers(t.db, clock())).toBe(0);
  });
});
