/** Marking to state 2 with the message, results statistics on a hand-computed data set, void, export, book. */
import {
  bookDelete,
  bookNext,
  bookPaging,
  bookSubmit,
  ErrorCode,
  examResultExport,
  examResultPaperDetail,
  examResultPaperPaging,
  examResultQuStat,
  examResultStat,
  examResultUserPaging,
  examResultVoid,
  paperMarkDetail,
  paperMarkPaging,
  paperMarkSave,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperMyPaging,
  paperPaperResult,
  sysUserMsgCountUnread,
} from '@exam/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  bank = await seedBank(t.db);
});
afterAll(async () => t.close());

async function sit(token: string, examId: string, answers: Record<string, unknown>) {
  const { data } = await t.call(paperPaperCreate.path, { examId }, token);
  for (const [quId, answer] of Object.entries(answers))
    await t.call(paperPaperFillAnswer.path, { paperId: data.paperId, quId, answer, seq: 1, windowId: 'w1' }, token);
  const hand = await t.call(paperPaperHand.path, { paperId: data.paperId }, token);
  expect(hand.code).toBe(0);
  // The record and the wrong-answer book follow the hand-in as event consumers.
  await drainEvents(t);
  return data.paperId as string;
}

describe('marking', () => {
  it('marks the short answer, finishes the paper, updates the record and tells the learner', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 15, resultShow: 3 });
    const paperId = await sit(student, examId, { [bank.single]: 'B', [bank.short]: '事务是原子的' });
    const hidden = await t.call(paperPaperResult.path, { paperId }, student);
    expect(hidden.data).toMatchObject({ state: 1, showScore: false, userScore: null });

    const queue = await t.call(paperMarkPaging.path, { current: 1, size: 10, params: { examId } }, admin);
    expect(queue.data.records).toEqual([expect.objectContaining({ paperId, pendingCount: 1, objScore: 10 })]);
    const detail = await t.call(paperMarkDetail.path, { paperId }, admin);
    const short = detail.data.questions.find((q: { quId: string }) => q.quId === bank.short);
    expect(short).toMatchObject({
      // Keyword weights 3 and 3 are shares: 原子 found = half of the 10 points.
      suggestScore: 5,
      needMark: true,
      reference: '事务是一组原子操作',
      myAnswer: '事务是原子的',
    });
    expect(short.keywords).toHaveLength(2);

    const tooMuch = await t.call(paperMarkSave.path, { paperId, items: [{ quId: bank.short, score: 11 }] }, admin);
    expect(tooMuch.code).toBe(ErrorCode.BAD_PARAMS);
    expect(tooMuch.msg).toContain('满分10分');
    const auto = await t.call(paperMarkSave.path, { paperId, items: [{ quId: bank.single, score: 1 }] }, admin);
    expect(auto.code).toBe(ErrorCode.BAD_PARAMS);

    const before = (await t.call(sysUserMsgCountUnread.path, {}, student)).data.count;
    const saved = await t.call(
      paperMarkSave.path,
      { paperId, items: [{ quId: bank.short, score: 6, comment: '要点不全' }] },
      admin,
    );
    expect(saved.data).toEqual({ paperId, state: 2, pendingCount: 0, userScore: 16 });
    await drainEvents(t);
    expect((await t.call(sysUserMsgCountUnread.path, {}, student)).data.count).toBe(before + 1);
    const again = await t.call(paperMarkSave.path, { paperId, items: [{ quId: bank.short, score: 7 }] }, admin);
    expect(again.code).toBe(ErrorCode.CONFLICT);

    const result = await t.call(paperPaperResult.path, { paperId }, student);
    expect(result.data).toMatchObject({
      state: 2,
      showScore: true,
      showAnswers: false,
      userScore: 16,
      passed: true,
      resultLabel: '通过',
    });
    const mine = await t.call(paperPaperMyPaging.path, { current: 1, size: 10 }, student);
    expect(mine.data.records.find((r: { examId: string }) => r.examId === examId)).toMatchObject({
      tryCount: 1,
      bestScore: 16,
      passed: true,
      totalScore: 20,
    });
  });
});

describe('results', () => {
  it('computes pass rate, distribution and per-question statistics; voiding removes an attempt', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    const lisi = await t.login('lisi', 'student123');
    const wangwu = await t.login('wangwu', 'student123');
    await sit(student, examId, { [bank.single]: 'B', [bank.judge]: 'A' }); // 20
    const lisiPaper = await sit(lisi, examId, { [bank.single]: 'B', [bank.judge]: 'B' }); // 10
    await sit(admin, examId, { [bank.single]: 'A', [bank.judge]: 'A' }); // 10
    await sit(wangwu, examId, { [bank.single]: 'C' }); // 0

    const stat = (await t.call(examResultStat.path, { examId }, admin)).data;
    expect(stat).toMatchObject({
      totalScore: 20,
      participants: 4,
      attempts: 4,
      finished: 4,
      passedAttempts: 3,
      passRate: 0.75,
      passedUsers: 3,
      avgScore: 10,
      maxScore: 20,
      minScore: 0,
    });
    expect(stat.distribution.map((b: { count: number }) => b.count)).toEqual([1, 0, 0, 0, 0, 2, 0, 0, 0, 1]);
    expect(stat.distribution[5]).toMatchObject({ label: '10-12', from: 10, to: 12 });

    const qus = (await t.call(examResultQuStat.path, { examId }, admin)).data;
    // N = 4 → groups of round(1.08) = 1: top = the 20-point paper (both right), bottom = the 0-point one.
    expect(qus).toEqual([
      expect.objectContaining({
        quId: bank.single,
        answered: 4,
        rightCount: 2,
        correctRate: 0.5,
        avgScore: 5,
        difficulty: 0.5,
        discrimination: 1,
      }),
      expect.objectContaining({
        quId: bank.judge,
        answered: 4,
        rightCount: 2,
        correctRate: 0.5,
        avgScore: 5,
        difficulty: 0.5,
        discrimination: 1,
      }),
    ]);

    const users = (await t.call(examResultUserPaging.path, { current: 1, size: 10, params: { examId } }, admin)).data;
    expect(users.total).toBe(4);
    expect(users.records[0]).toMatchObject({ realName: '张三', bestScore: 20, resultLabel: '通过' });

    const voided = await t.call(examResultVoid.path, { paperId: lisiPaper, reason: '考试作弊' }, admin);
    expect(voided.code).toBe(0);
    await drainEvents(t);
    const after = (await t.call(examResultStat.path, { examId }, admin)).data;
    expect(after).toMatchObject({ finished: 3, passedAttempts: 2, passRate: 0.6667, passedUsers: 2 });
    const lisiRow = (
      await t.call(examResultUserPaging.path, { current: 1, size: 10, params: { examId, realName: '李四' } }, admin)
    ).data.records[0];
    expect(lisiRow).toMatchObject({ tryCount: 1, bestScore: null, passed: false, resultLabel: '未通过' });
    const full = await t.call(examResultPaperDetail.path, { paperId: lisiPaper }, admin);
    expect(full.data).toMatchObject({ voided: true, voidReason: '考试作弊', showAnswers: true });
    expect(full.data.questions[0].rightOptions).toEqual(['B']);
    const attempts = await t.call(examResultPaperPaging.path, { current: 1, size: 10, params: { examId } }, admin);
    expect(attempts.data.records.map((r: { stateLabel: string }) => r.stateLabel)).toEqual([
      '已完成',
      '已完成',
      '已完成',
      '已完成',
    ]);

    const res = await t.app.inject({
      method: 'POST',
      url: examResultExport.path,
      payload: { examId },
      headers: { token: admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('考试成绩')?.rowCount).toBe(5);
    expect(wb.getWorksheet('试题分析')?.getRow(2).getCell(6).value).toBe(0.3333); // after the void: 1 right of 3
  });
});

describe('wrong-answer book', () => {
  it('gives the next wrong question without its answer, and shows it after submit only when allowed', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { resultShow: 1, passScore: 10 });
    const wangwu = await t.login('wangwu', 'student123');
    await sit(wangwu, examId, { [bank.single]: 'A', [bank.multi]: ['A', 'C'] });
    const next = await t.call(bookNext.path, { examId }, wangwu);
    expect(next.data).toMatchObject({ examId, remaining: 0, question: { id: bank.single } });
    expect(JSON.stringify(next)).not.toMatch(/"(isRight|answer|analysis)"/);
    const wrong = await t.call(bookSubmit.path, { id: next.data.id, answer: 'C' }, wangwu);
    expect(wrong.data).toMatchObject({ isRight: false, showAnswer: false, rightOptions: null, analysis: null });
    clock.add(2 * 86400_000); // the window has closed: answers may be shown
    const right = await t.call(bookSubmit.path, { id: next.data.id, answer: 'B' }, wangwu);
    expect(right.data).toMatchObject({
      isRight: true,
      showAnswer: true,
      rightOptions: ['B'],
      analysis: '单选解析',
      rightStreak: 1,
    });
    const list = await t.call(bookPaging.path, { current: 1, size: 10, params: { examId } }, wangwu);
    expect(list.data.records[0]).toMatchObject({ quId: bank.single, wrongCount: 3, rightStreak: 1 }); // also wrong in the results test
    expect((await t.call(bookNext.path, { examId, afterId: next.data.id }, wangwu)).data).toBeNull();
    await t.call(bookDelete.path, { ids: [next.data.id] }, wangwu);
    expect((await t.call(bookPaging.path, { current: 1, size: 10, params: { examId } }, wangwu)).data.total).toBe(0);
  });
});

describe('wrong-answer book and spaced review', () => {
  it('puts an exam miss on the review ladder (due the next day) and lets two right redos master it', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { resultShow: 2, passScore: 1 });
    await sit(student, examId, { [bank.single]: 'A' });
    const handedAt = clock.ms();
    const book = await t.call(bookPaging.path, { current: 1, size: 10, params: { examId } }, student);
    expect(book.data.records).toEqual([
      expect.objectContaining({
        quId: bank.single,
        wrongCount: 1,
        nextReviewAt: new Date(handedAt + 86_400_000).toISOString(),
      }),
    ]);

    const next = await t.call(bookNext.path, { examId }, student);
    const first = await t.call(bookSubmit.path, { id: next.data.id, answer: 'B' }, student);
    expect(first.data).toMatchObject({ isRight: true, rightStreak: 1, mastered: false });
    const second = await t.call(bookSubmit.path, { id: next.data.id, answer: 'B' }, student);
    expect(second.data).toMatchObject({ isRight: true, mastered: true, nextReviewAt: null });
    expect((await t.call(bookPaging.path, { current: 1, size: 10, params: { examId } }, student)).data.total).toBe(0);
  });
});
