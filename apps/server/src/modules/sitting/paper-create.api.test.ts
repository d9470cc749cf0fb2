/** Entering an exam: window, latest entry, attempt limit, open types, one open paper per learner. */
import {
  ErrorCode,
  examExamCheck,
  examExamOnlinePaging,
  examExamPaging,
  examExamSave,
  examResultStat,
  paperMarkPaging,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  paperTmplPaging,
  paperTmplSave,
  sysDepartTree,
  sysUserPaging,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaperQu } from '../../db/schema/index.js';
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
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge]);
});
afterAll(async () => t.close());

const create = (token: string, examId: string, password?: string) =>
  t.call(paperPaperCreate.path, { examId, password }, token);
const hand = (token: string, paperId: string) => t.call(paperPaperHand.path, { paperId }, token);

describe('the window and the latest entry', () => {
  it('refuses before the window, after it, and after the latest entry', async () => {
    const now = clock.ms();
    const future = await saveExam(t, admin, tmplId, now, {
      startTime: new Date(now + 3600_000).toISOString(),
      endTime: new Date(now + 7200_000).toISOString(),
    });
    const before = await create(student, future);
    expect(before.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    expect(before.msg).toContain('尚未开始');

    const past = await saveExam(t, admin, tmplId, now, {
      startTime: new Date(now - 7200_000).toISOString(),
      endTime: new Date(now - 3600_000).toISOString(),
    });
    const after = await create(student, past);
    expect(after.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    expect(after.msg).toContain('已结束');

    const late = await saveExam(t, admin, tmplId, now, { lateMinutes: 30 }); // window opened 60 min ago
    const tooLate = await create(student, late);
    expect(tooLate.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    expect(tooLate.msg).toContain('最晚入场');
    const check = await t.call(examExamCheck.path, { id: late }, student);
    expect(check.data).toMatchObject({ canStart: false, lateMinutes: 30 });
  });
});

describe('one open paper per learner and the attempt limit', () => {
  it('two creates at once give one attempt; asking again returns the open one', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 1 });
    const [a, b] = await Promise.all([create(student, examId), create(student, examId)]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(a.data.paperId).toBe(b.data.paperId);
    const again = await create(student, examId);
    expect(again.data).toMatchObject({ paperId: a.data.paperId, resumed: true });

    const other = await saveExam(t, admin, tmplId, clock.ms(), { title: '另一场考试' });
    const busy = await create(student, other);
    expect(busy.code).toBe(ErrorCode.EXAM_IN_PROGRESS);
    expect(busy.data).toMatchObject({ paperId: a.data.paperId, examId, title: '测试考试' });
    const check = await t.call(examExamCheck.path, { id: other }, student);
    expect(check.data.otherOpenPaper.paperId).toBe(a.data.paperId);
    expect(check.data.canStart).toBe(false);

    expect((await hand(student, a.data.paperId)).code).toBe(0);
    const limited = await create(student, examId);
    expect(limited.code).toBe(ErrorCode.EXAM_TRY_LIMIT);
    const list = await t.call(examExamOnlinePaging.path, { current: 1, size: 50 }, student);
    const row = list.data.records.find((r: { id: string }) => r.id === examId);
    expect(row).toMatchObject({ tryCount: 1, triesLeft: 0, timeState: 1, timeStateLabel: '进行中' });
  });

  it('counts the limit per period for a daily exam', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 1, cycleType: 1, duration: 0 });
    const first = await create(lisi, examId);
    expect(first.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: first.data.paperId }, lisi);
    expect((await create(lisi, examId)).code).toBe(ErrorCode.EXAM_TRY_LIMIT);
    clock.add(86400_000 + 60_000);
    const nextDay = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 1, cycleType: 1 });
    expect((await create(lisi, nextDay)).code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: (await create(lisi, nextDay)).data.paperId }, lisi);
  });
});

describe('open types', () => {
  it('asks the password of open type 9', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { openType: 9, password: 'secret9' });
    expect((await create(lisi, examId)).code).toBe(ErrorCode.EXAM_PASSWORD_WRONG);
    expect((await create(lisi, examId, 'wrong')).code).toBe(ErrorCode.EXAM_PASSWORD_WRONG);
    const ok = await create(lisi, examId, 'secret9');
    expect(ok.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: ok.data.paperId }, lisi);
  });

  it('opens type 2 to the listed departments and below, type 3 to the named people only', async () => {
    const depts = await t.call(sysDepartTree.path, {}, admin);
    const flat: { id: string; code: string }[] = [];
    const walk = (nodes: { id: string; code: string; children?: unknown[] }[]) => {
      for (const n of nodes) {
        flat.push(n);
        if (n.children) walk(n.children as never);
      }
    };
    walk(depts.data);
    const tech = flat.find((d) => d.code === 'D001D001') as { id: string };
    const deptExam = await saveExam(t, admin, tmplId, clock.ms(), { openType: 2, deptIds: [tech.id] });
    expect((await create(lisi, deptExam)).code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    const inList = await t.call(examExamOnlinePaging.path, { current: 1, size: 100 }, lisi);
    expect(inList.data.records.some((r: { id: string }) => r.id === deptExam)).toBe(false);
    const ok = await create(student, deptExam);
    expect(ok.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: ok.data.paperId }, student);

    const users = await t.call(sysUserPaging.path, { current: 1, size: 50, params: {} }, admin);
    const wangwu = users.data.records.find((u: { userName: string }) => u.userName === 'wangwu');
    const peopleExam = await saveExam(t, admin, tmplId, clock.ms(), { openType: 3, userIds: [wangwu.id] });
    expect((await create(student, peopleExam)).code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    const ww = await t.login('wangwu', 'student123');
    const mine = await create(ww, peopleExam);
    expect(mine.code).toBe(0);
    await t.call(paperPaperAbandon.path, { paperId: mine.data.paperId }, ww);
  });
});

describe('the template a start draws from', () => {
  it('is read again once it changed: a start after an edit gets the edited sections', async () => {
    const tmpl = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
    const examId = await saveExam(t, admin, tmpl, clock.ms(), { passScore: 10 });
    const quIdsOf = async (paperId: string) =>
      (await t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId))).map((q) => q.quId).sort();
    const first = await create(student, examId);
    expect(first.code, first.msg).toBe(0);
    expect(await quIdsOf(first.data.paperId)).toEqual([bank.single, bank.judge].sort());
    // A second start of the same version comes from memory and is the same paper.
    const second = await create(lisi, examId);
    expect(await quIdsOf(second.data.paperId)).toEqual([bank.single, bank.judge].sort());
    for (const [token, paperId] of [
      [student, first.data.paperId],
      [lisi, second.data.paperId],
    ])
      expect((await t.call(paperPaperAbandon.path, { paperId }, token)).code).toBe(0);

    const edit = await t.call(
      paperTmplSave.path,
      {
        id: tmpl,
        title: '测试试卷',
        kind: 1,
        fixedSections: [{ title: '第一部分', items: [bank.multi, bank.short].map((quId) => ({ quId, score: 10 })) }],
      },
      admin,
    );
    expect(edit.code, edit.msg).toBe(0);
    const third = await create(student, examId);
    expect(third.code, third.msg).toBe(0);
    expect(await quIdsOf(third.data.paperId)).toEqual([bank.multi, bank.short].sort());
    await t.call(paperPaperAbandon.path, { paperId: third.data.paperId }, student);
  });
});

describe('access', () => {
  it('refuses without a token and refuses learners on admin paths', async () => {
    expect((await t.call(paperPaperCreate.path, { examId: 'x' })).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(examExamOnlinePaging.path, {})).code).toBe(ErrorCode.NOT_LOGIN);
    for (const path of [examExamPaging.path, paperTmplPaging.path, paperMarkPaging.path, examResultStat.path])
      expect((await t.call(path, { examId: 'x', current: 1, size: 10 }, student)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('names the bad field', async () => {
    const res = await t.call(examExamSave.path, { title: '', tmplId }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    const fill = await t.call(paperPaperFillAnswer.path, { paperId: 'p', quId: 'q', answer: 'A' }, student);
    expect(fill.code).toBe(ErrorCode.BAD_PARAMS);
    expect(fill.msg).toContain('答案序号');
  });
});
