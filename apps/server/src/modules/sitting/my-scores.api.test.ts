/** 我的成绩: the real state of each exam, never 未通过 for a paper awaiting marking or abandoned. */
import {
  ErrorCode,
  examResultVoid,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperMyPaging,
  paperPaperResult,
} from '@exam/contracts';
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

async function examOf(title: string, quIds: string[], passScore: number) {
  const tmplId = await saveFixedTmpl(t, admin, quIds);
  return saveExam(t, admin, tmplId, clock.ms(), { title, passScore, resultShow: 3 });
}

async function sit(examId: string, answers: Record<string, unknown>, end: 'hand' | 'abandon' = 'hand') {
  const { data } = await t.call(paperPaperCreate.path, { examId }, student);
  for (const [quId, answer] of Object.entries(answers))
    await t.call(paperPaperFillAnswer.path, { paperId: data.paperId, quId, answer, seq: 1, windowId: 'w1' }, student);
  expect((await t.call(`/api/paper/paper/${end}`, { paperId: data.paperId }, student)).code).toBe(0);
  await drainEvents(t);
  return data.paperId as string;
}

const mine = async (params: object = {}) =>
  (await t.call(paperPaperMyPaging.path, { current: 1, size: 50, params }, student)).data.records as Array<{
    examId: string;
    status: string;
    passed: boolean;
  }>;

describe('my scores show the real state', () => {
  it('待阅卷, 已放弃, 已作废, 通过 and 未通过, and the filters agree with the labels', async () => {
    const pending = await examOf('待阅卷的考试', [bank.single, bank.short], 15);
    await sit(pending, { [bank.single]: 'B', [bank.short]: '事务' });
    const abandoned = await examOf('放弃的考试', [bank.single], 5);
    await sit(abandoned, { [bank.single]: 'B' }, 'abandon');
    const passed = await examOf('通过的考试', [bank.single], 5);
    await sit(passed, { [bank.single]: 'B' });
    const failed = await examOf('未通过的考试', [bank.single], 5);
    await sit(failed, { [bank.single]: 'A' });
    const voided = await examOf('作废的考试', [bank.single], 5);
    const voidedPaper = await sit(voided, { [bank.single]: 'A' });
    expect((await t.call(examResultVoid.path, { paperId: voidedPaper, reason: '作弊' }, admin)).code).toBe(0);
    await drainEvents(t);

    const byExam = new Map((await mine()).map((r) => [r.examId, r.status]));
    expect(Object.fromEntries([pending, abandoned, passed, failed, voided].map((id) => [id, byExam.get(id)]))).toEqual({
      [pending]: 'pending',
      [abandoned]: 'abandoned',
      [passed]: 'passed',
      [failed]: 'failed',
      [voided]: 'voided',
    });

    // 未通过 lists only the marked attempt below the line; the old boolean filter means the same.
    expect((await mine({ status: 'failed' })).map((r) => r.examId)).toEqual([failed]);
    expect((await mine({ passed: false })).map((r) => r.examId)).toEqual([failed]);
    expect((await mine({ passed: true })).map((r) => r.examId)).toEqual([passed]);
    expect((await mine({ status: 'pending' })).map((r) => r.examId)).toEqual([pending]);
  });

  it('refuses a status it does not know, naming the field', async () => {
    const res = await t.call(paperPaperMyPaging.path, { current: 1, size: 10, params: { status: 'x' } }, student);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('考试状态');
  });
});

describe('the result page breakdown', () => {
  it('gives the score by question type and by section when the score is shown, nothing before', async () => {
    const examId = await examOf('分项得分', [bank.single, bank.judge], 10);
    const paperId = await sit(examId, { [bank.single]: 'B', [bank.judge]: 'B' }); // single right, judge wrong
    const result = (await t.call(paperPaperResult.path, { paperId }, student)).data;
    expect(result.byType).toEqual([
      { key: '1', label: '单选题', count: 1, score: 10, total: 10 },
      { key: '3', label: '判断题', count: 1, score: 0, total: 10 },
    ]);
    expect(result.bySection).toEqual([{ key: '0', label: '第一部分', count: 2, score: 10, total: 20 }]);

    // awaiting marking with "nothing until marked": no score, so no breakdown either
    const pending = await examOf('分项待阅', [bank.single, bank.short], 10);
    const held = (
      await t.call(
        paperPaperResult.path,
        { paperId: await sit(pending, { [bank.single]: 'B', [bank.short]: '事务' }) },
        student,
      )
    ).data;
    expect(held).toMatchObject({ showScore: false, byType: null, bySection: null });
  });
});
