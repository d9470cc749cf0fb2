/**
 * A department administrator (data scope 3: 技术部 D001D001 and below) on the admin screens of the
 * last wave: the 监考 console, arrangements and re-sits, regrading, marking by question, printing
 * an answered paper and the reports. Each shows and acts only within the scope: 李四 (市场部) and
 * 王五 (人力资源部) are never listed, and acting on them is refused with 10010004 (marking by
 * question, blind, answers 10010003 like marking by paper) before anything is written.
 *
 * The exam itself is shared content: the exam list shows every exam to any administrator holding
 * exam:exam:view (exams have no owning department), so these screens open any live exam (the 监考
 * console only one the administrator may see: invigilate-access.ts); what the administrator sees
 * and changes in it is cut to their learners. A deleted exam answers 10010003.
 */
import {
  DataScope,
  ErrorCode,
  examExamDelete,
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamResit,
  examExamResitPreview,
  examInvigilateAddTime,
  examInvigilateBeat,
  examInvigilateDetail,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
  examPrintAnsweredPreview,
  examRegradeDetail,
  examRegradeJobList,
  examRegradeReportPaging,
  examRegradeStart,
  examReportDeptStat,
  examReportLearnerList,
  examReportTranscriptDetail,
  examReportTrendStat,
  invigilateTopic,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperPaperCreate,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elExamOverride, elInvigilateMsg, elPaper, elRegradeJob, sysUser } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { openTopics } from '../../test/sse.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { sit } from '../sitting/regrade/regrade-fixtures.js';
import { createAdmin, deptId } from '../system/user/user.test-helpers.js';

const PERMISSIONS = [
  'exam:exam:view',
  'exam:exam:arrange',
  'exam:invigilate:view',
  'exam:invigilate:msg',
  'exam:invigilate:time',
  'exam:invigilate:hand',
  'exam:invigilate:void',
  'exam:regrade:view',
  'exam:regrade:run',
  'exam:mark:view',
  'exam:mark:save',
  'exam:print:answer',
  'exam:report:view',
];

const clock = testClock();
let t: TestApp;
let admin: string;
let dept: string; // the department administrator's token
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let bank: Bank;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  for (const name of ['student', 'lisi', 'wangwu']) tokens[name] = await t.login(name, 'student123');
  for (const u of await t.db.select({ id: sysUser.id, userName: sysUser.userName }).from(sysUser))
    ids[u.userName] = u.id;
  dept = (await createAdmin(t, 'da_tech', DataScope.DEPT_AND_BELOW, 'D001D001', PERMISSIONS)).token;
  bank = await seedBank(t.db);
  // 单选 (key B) and 简答, 10 points each.
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
}, 180_000); // five sign-ins (argon2) and a database copy: slow on the shared, loaded machine
afterAll(async () => t.close());

/** An exam for the three demo learners: 张三 (技术部), 李四 (市场部), 王五 (人力资源部). */
const newExam = (overrides: Record<string, unknown> = {}) =>
  saveExam(t, admin, tmplId, clock.ms(), {
    openType: 3,
    userIds: [ids.student, ids.lisi, ids.wangwu],
    passScore: 10,
    ...overrides,
  });
const start = async (name: string, examId: string) => {
  const res = await t.request(paperPaperCreate, { examId }, tokens[name]);
  expect(res.code, res.msg).toBe(0);
  return res.data.paperId;
};
const paperRow = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const refusedOutside = (res: { code: number; msg: string }) => {
  expect(res.code, res.msg).toBe(ErrorCode.NO_PERMISSION);
  expect(res.msg).toContain('数据权限范围');
};

describe('监考 console', () => {
  it('lists only the learners of the scope and refuses every action on the others, changing nothing', async () => {
    const examId = await newExam();
    const snap = await t.request(examInvigilateDetail, { examId }, dept);
    expect(snap.code, snap.msg).toBe(0);
    expect(snap.data.rows.map((r) => r.userName)).toEqual(['student']);
    expect(snap.data.counts.total).toBe(1);
    const sPaper = await start('student', examId);
    const lPaper = await start('lisi', examId);
    const lBefore = await paperRow(lPaper);

    refusedOutside(await t.request(examInvigilateAddTime, { paperId: lPaper, minutes: 5, reason: '设备故障' }, dept));
    refusedOutside(await t.request(examInvigilateHand, { paperId: lPaper, reason: '违纪' }, dept));
    refusedOutside(await t.request(examInvigilateVoid, { paperId: lPaper, reason: '违纪' }, dept));
    refusedOutside(await t.request(examInvigilateMsg, { examId, userId: ids.lisi, content: '请安静' }, dept));
    const lAfter = await paperRow(lPaper);
    expect([lAfter.state, lAfter.voided, lAfter.deadline.getTime()]).toEqual([0, false, lBefore.deadline.getTime()]);
    expect(
      await t.db
        .select()
        .from(elInvigilateMsg)
        .where(and(eq(elInvigilateMsg.examId, examId), eq(elInvigilateMsg.userId, ids.lisi))),
    ).toEqual([]);

    // A message to all from the department administrator reaches the rooms of their scope only.
    const toAll = await t.request(examInvigilateMsg, { examId, content: '技术部考生请注意时间' }, dept);
    expect(toAll.code, toAll.msg).toBe(0);
    expect(toAll.data.recipients).toBe(1);
    const heard = async (name: string, paperId: string) =>
      (await t.request(examInvigilateBeat, { paperId }, tokens[name])).data.messages.map((m) => m.content);
    expect(await heard('student', sPaper)).toEqual(['技术部考生请注意时间']);
    expect(await heard('lisi', lPaper)).toEqual([]);

    // Inside the scope every action works.
    const more = await t.request(examInvigilateAddTime, { paperId: sPaper, minutes: 5, reason: '设备故障' }, dept);
    expect(more.code, more.msg).toBe(0);
    expect((await t.request(examInvigilateHand, { paperId: sPaper, reason: '结束' }, dept)).code).toBe(0);
    expect((await t.request(examInvigilateHand, { paperId: lPaper, reason: '结束' }, admin)).code).toBe(0);
    await drainEvents(t);
  });

  it('refuses an exam whose audience lies outside the scope, and a deleted exam', async () => {
    const other = await newExam({ userIds: [ids.lisi] });
    const snap = await t.request(examInvigilateDetail, { examId: other }, dept);
    expect(snap.code, snap.msg).toBe(ErrorCode.NO_PERMISSION);
    const toAll = await t.request(examInvigilateMsg, { examId: other, content: '请注意' }, dept);
    expect(toAll.code).toBe(ErrorCode.NO_PERMISSION); // invigilate-access.api.test.ts has the rest
    expect(await t.db.select().from(elInvigilateMsg).where(eq(elInvigilateMsg.examId, other))).toEqual([]);
    expect((await t.request(examExamDelete, { ids: [other] }, admin)).code).toBe(0);
    expect((await t.request(examInvigilateDetail, { examId: other }, dept)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('监考 live stream', () => {
  it('sends a department administrator the notes about learners of the scope only', async () => {
    const examId = await newExam();
    const stream = await openTopics(t, dept, [invigilateTopic(examId)]);
    await stream.until(/"type":"ready"/);
    // The super administrator writes to 李四 (市场部), then to 张三 (技术部), then to everyone.
    for (const [userId, content] of [
      [ids.lisi, '李四请注意'],
      [ids.student, '张三请注意'],
      [null, '全体请注意'],
    ] as const)
      expect((await t.request(examInvigilateMsg, { examId, userId, content }, admin)).code).toBe(0);
    await stream.until(/"type":"note".*全体请注意/);
    await stream.until(/"type":"note".*张三请注意/);
    stream.close();
    expect(stream.text).not.toContain('李四请注意');
    expect(stream.text).not.toContain('about'); // whom a note is about is not sent
  });
});

describe('安排 and 补考', () => {
  it('lists, saves and deletes arrangements of the scope only', async () => {
    const examId = await newExam();
    const market = await deptId(t, 'D001D002');
    const lisiRow = await t.request(
      examExamOverrideSave,
      { examId, targetType: 1, userId: ids.lisi, extraMinutes: 10 },
      admin,
    );
    expect(lisiRow.code, lisiRow.msg).toBe(0);
    const marketRow = await t.request(
      examExamOverrideSave,
      { examId, targetType: 2, deptId: market, extraMinutes: 5 },
      admin,
    );
    expect(marketRow.code, marketRow.msg).toBe(0);
    const list = async (token: string) =>
      (await t.request(examExamOverrideList, { examId }, token)).data.map((r) => r.realName ?? r.deptName);
    expect(await list(dept)).toEqual([]);

    const mine = await t.request(
      examExamOverrideSave,
      { examId, targetType: 1, userId: ids.student, extraMinutes: 15 },
      dept,
    );
    expect(mine.code, mine.msg).toBe(0);
    expect(await list(dept)).toEqual(['张三']);
    expect((await list(admin)).sort()).toEqual(['张三', '市场部', '李四'].sort());

    refusedOutside(
      await t.request(examExamOverrideSave, { examId, targetType: 1, userId: ids.lisi, extraMinutes: 1 }, dept),
    );
    refusedOutside(
      await t.request(examExamOverrideSave, { examId, targetType: 2, deptId: market, extraMinutes: 1 }, dept),
    );
    // Editing an arrangement outside the scope, even towards a learner inside it: not found for them.
    const edit = await t.request(
      examExamOverrideSave,
      { id: lisiRow.data.id, examId, targetType: 1, userId: ids.student, extraMinutes: 1 },
      dept,
    );
    expect(edit.code).toBe(ErrorCode.NOT_FOUND);
    refusedOutside(await t.request(examExamOverrideDelete, { ids: [mine.data.id, lisiRow.data.id] }, dept));
    const rows = await t.db.select().from(elExamOverride).where(eq(elExamOverride.examId, examId));
    expect(rows).toHaveLength(3); // nothing deleted, the 李四 row unchanged
    expect(rows.find((r) => r.id === lisiRow.data.id)?.extraMinutes).toBe(10);
    expect((await t.request(examExamOverrideDelete, { ids: [mine.data.id] }, dept)).code).toBe(0);
    expect(await list(dept)).toEqual([]);
  });

  it('previews and arranges re-sits for the learners of the scope only', async () => {
    const examId = await newExam();
    const preview = await t.request(examExamResitPreview, { examId, failed: true, missed: true }, dept);
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.map((c) => c.userName)).toEqual(['student']);
    const window = {
      startTime: new Date(clock.ms() + 86400_000).toISOString(),
      endTime: new Date(clock.ms() + 2 * 86400_000).toISOString(),
    };
    refusedOutside(await t.request(examExamResit, { examId, userIds: [ids.student, ids.lisi], ...window }, dept));
    expect(await t.db.select().from(elExamOverride).where(eq(elExamOverride.examId, examId))).toEqual([]);
    const ok = await t.request(examExamResit, { examId, userIds: [ids.student], ...window }, dept);
    expect([ok.code, ok.data?.count]).toEqual([0, 1]);
  });
});

describe('重新评分', () => {
  it('is refused to a department administrator; the report and its figures keep to the scope', async () => {
    const examId = await newExam();
    // 张三 and 李四 answer A; the key B is wrong. Both fail (0 < 10) until the key is corrected.
    await sit(t, tokens.student, examId, { [bank.single]: 'A' });
    await sit(t, tokens.lisi, examId, { [bank.single]: 'A' });
    await drainEvents(t);
    const body = { examId, quId: bank.single, rightContents: ['选项A'], reason: '答案有误' };
    const refused = await t.request(examRegradeStart, body, dept);
    expect(refused.code).toBe(ErrorCode.NO_PERMISSION);
    expect(refused.msg).toContain('全部数据');
    expect(await t.db.select().from(elRegradeJob).where(eq(elRegradeJob.examId, examId))).toEqual([]);

    const job = await t.request(examRegradeStart, body, admin);
    expect(job.code, job.msg).toBe(0);
    let state = job.data.state;
    for (let i = 0; i < 200 && state < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await t.request(examRegradeDetail, { id: job.data.id }, admin)).data.state;
    }
    expect(state).toBe(2);
    await drainEvents(t);
    const report = async (token: string) =>
      (
        await t.request(examRegradeReportPaging, { current: 1, size: 10, params: { jobId: job.data.id } }, token)
      ).data.records
        .map((r) => r.realName)
        .sort();
    expect(await report(admin)).toEqual(['张三', '李四'].sort());
    expect(await report(dept)).toEqual(['张三']);
    const figures = async (token: string) => {
      const detail = (await t.request(examRegradeDetail, { id: job.data.id }, token)).data;
      const listed = (await t.request(examRegradeJobList, { examId }, token)).data[0];
      expect(listed).toMatchObject({ changed: detail.changed, failToPass: detail.failToPass });
      return [detail.changed, detail.failToPass, detail.passToFail];
    };
    expect(await figures(admin)).toEqual([2, 2, 0]);
    expect(await figures(dept)).toEqual([1, 1, 0]);
  });
});

describe('按题阅卷', () => {
  it('counts and shows the answers of the scope only, and refuses a score for an answer outside it', async () => {
    const examId = await newExam();
    await sit(t, tokens.student, examId, { [bank.short]: '原子性' });
    const lPaper = await sit(t, tokens.lisi, examId, { [bank.short]: '一致性' });
    await drainEvents(t);
    const questions = async (token: string) =>
      (await t.request(paperMarkQuQuestionList, { examId }, token)).data.find((q) => q.quId === bank.short)?.answers;
    expect(await questions(admin)).toBe(2);
    expect(await questions(dept)).toBe(1);
    const board = await t.request(paperMarkQuList, { examId, quId: bank.short }, dept);
    expect(board.code, board.msg).toBe(0);
    expect(board.data.items.map((i) => i.paperId)).not.toContain(lPaper);
    expect(board.data.items).toHaveLength(1);
    const save = await t.request(paperMarkQuSave, { examId, quId: bank.short, paperId: lPaper, score: 5 }, dept);
    expect(save.code).toBe(ErrorCode.NOT_FOUND);
    expect(save.msg).toBe('试卷不存在或已被删除');
    expect((await paperRow(lPaper)).state).toBe(1); // still awaiting marking
  });
});

describe('打印 and 成绩报表', () => {
  it('prints and reports the learners of the scope only', async () => {
    const examId = await newExam({ title: '部门报表考试' });
    const sPaper = await sit(t, tokens.student, examId, { [bank.single]: 'B' });
    const lPaper = await sit(t, tokens.lisi, examId, { [bank.single]: 'B' });
    await drainEvents(t);

    const print = (paperId: string) =>
      t.app.inject({
        method: 'POST',
        url: examPrintAnsweredPreview.path,
        payload: { paperId },
        headers: { token: dept },
      });
    const mine = await print(sPaper);
    expect(mine.headers['content-type']).toContain('application/pdf');
    refusedOutside((await print(lPaper)).json());

    const learners = await t.request(examReportLearnerList, { keyword: null }, dept);
    expect(learners.data.map((u) => u.userName)).toContain('student');
    expect(learners.data.map((u) => u.userName)).not.toContain('lisi');
    refusedOutside(await t.request(examReportTranscriptDetail, { userId: ids.lisi }, dept));
    const depts = await t.request(examReportDeptStat, { examId }, dept);
    expect(depts.data.map((d) => [d.deptName, d.learners])).toEqual([['技术部', 1]]);
    const trend = await t.request(examReportTrendStat, { title: '部门报表考试' }, dept);
    expect(trend.data.map((r) => [r.title, r.learners])).toEqual([['部门报表考试', 1]]);
  });
});
