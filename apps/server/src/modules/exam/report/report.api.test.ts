/**
 * Reports across exams on a hand-computed data set: a learner's transcript, the
 * department comparison and the exam-over-time view, their xlsx exports, and the data scope.
 *
 * Exam A (20 points: single + judge, pass 10) started 3 h ago, exam B (10 points, pass 10) 1 h ago.
 *   rp_a1 (市场部 D001D002): A 20 (pass), B 10 (pass)
 *   rp_a2 (D001D002):               A 10 (pass), then A 0 (fail)  → best 10, last 0
 *   rp_b1 (D001D003):               A 10 (pass)
 */
import {
  DataScope,
  ErrorCode,
  examReportDeptExport,
  examReportDeptStat,
  examReportLearnerList,
  examReportTranscriptDetail,
  examReportTranscriptExport,
  examReportTrendExport,
  examReportTrendStat,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
} from '@exam/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser, sysUserRole } from '../../../db/schema/index.js';
import { hashPassword } from '../../../platform/password.js';
import { drainEvents } from '../../../test/events.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin, deptId, roleId } from '../../system/user/user.test-helpers.js';

const clock = testClock();
const HOUR = 3600_000;
let t: TestApp;
let admin: string;
let bank: Bank;
let examA: string;
let examB: string;
const ids: Record<string, string> = {};
const REPORT = ['exam:report:view', 'exam:report:export'];

async function addLearner(userName: string, deptCode: string): Promise<string> {
  const [u] = await t.db
    .insert(sysUser)
    .values({
      userName,
      realName: `学员${userName}`,
      passwordHash: await hashPassword('abc12345'),
      deptId: await deptId(t, deptCode),
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: u.id, roleId: await roleId(t, 'student') });
  return u.id;
}

async function sit(userName: string, examId: string, answers: Record<string, unknown>) {
  const token = await t.login(userName, 'abc12345');
  const { data, code, msg } = await t.request(paperPaperCreate, { examId }, token);
  expect(code, msg).toBe(0);
  let seq = 0;
  for (const [quId, answer] of Object.entries(answers))
    await t.request(
      paperPaperFillAnswer,
      { paperId: data.paperId, quId, answer: answer as string, seq: ++seq, windowId: 'w1' },
      token,
    );
  expect((await t.request(paperPaperHand, { paperId: data.paperId }, token)).code).toBe(0);
  await drainEvents(t);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const now = clock.ms();
  const tmplA = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
  const tmplB = await saveFixedTmpl(t, admin, [bank.single]);
  const window = (startAgo: number) => ({
    startTime: new Date(now - startAgo).toISOString(),
    endTime: new Date(now + 24 * HOUR).toISOString(),
  });
  examA = await saveExam(t, admin, tmplA, now, { title: '报表考试A', passScore: 10, ...window(3 * HOUR) });
  examB = await saveExam(t, admin, tmplB, now, { title: '报表考试B', passScore: 10, ...window(HOUR) });
  ids.a1 = await addLearner('rp_a1', 'D001D002');
  ids.a2 = await addLearner('rp_a2', 'D001D002');
  ids.b1 = await addLearner('rp_b1', 'D001D003');
  await sit('rp_a1', examA, { [bank.single]: 'B', [bank.judge]: 'A' });
  await sit('rp_a1', examB, { [bank.single]: 'B' });
  await sit('rp_a2', examA, { [bank.single]: 'B' });
  clock.add(60_000);
  await sit('rp_a2', examA, { [bank.single]: 'C' });
  await sit('rp_b1', examA, { [bank.judge]: 'A' });
});
afterAll(async () => t.close());

describe('transcript', () => {
  it('lists every exam of the learner with attempts, best and last score, in exam order', async () => {
    const res = await t.request(examReportTranscriptDetail, { userId: ids.a2 }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ exams: 1, passedExams: 1, avgRate: 0.5 });
    expect(res.data.rows).toEqual([
      expect.objectContaining({
        examId: examA,
        tryCount: 2,
        bestScore: 10,
        lastScore: 0,
        totalScore: 20,
        bestRate: 0.5,
        passed: true,
      }),
    ]);
    const a1 = (await t.request(examReportTranscriptDetail, { userId: ids.a1 }, admin)).data;
    expect(a1.rows.map((r) => [r.title, r.bestScore, r.bestRate])).toEqual([
      ['报表考试A', 20, 1],
      ['报表考试B', 10, 1],
    ]);
    expect(a1).toMatchObject({ exams: 2, passedExams: 2, avgRate: 1 });
  });

  it('exports the transcript as xlsx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: examReportTranscriptExport.path,
      payload: { userId: ids.a2 },
      headers: { token: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('成绩单');
    expect(ws?.getRow(1).getCell(1).value).toBe('考试名称');
    expect(ws?.getRow(2).getCell(1).value).toBe('报表考试A');
    expect(ws?.getRow(2).getCell(4).value).toBe(10);
    expect(ws?.getRow(2).getCell(8).value).toBe(0.5);
    expect(ws?.getColumn(8).numFmt).toBe('0.00%');
  });
});

describe('department comparison', () => {
  it('compares departments on one exam', async () => {
    const res = await t.request(examReportDeptStat, { examId: examA }, admin);
    expect(res.code, res.msg).toBe(0);
    const byName = Object.fromEntries(res.data.map((r) => [r.deptName, r]));
    expect(Object.keys(byName).sort()).toEqual(['市场部', '人力资源部'].sort());
    // D001D002: papers 20, 10, 0 → 2 of 3 pass, average 10, average rate 0.5.
    expect(byName.市场部).toMatchObject({
      learners: 2,
      papers: 3,
      passedPapers: 2,
      passRate: 0.6667,
      avgScore: 10,
      avgRate: 0.5,
    });
    expect(byName.人力资源部).toMatchObject({
      learners: 1,
      papers: 1,
      passedPapers: 1,
      passRate: 1,
      avgScore: 10,
      avgRate: 0.5,
    });
  });

  it('exports it as xlsx with rates as percentages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: examReportDeptExport.path,
      payload: { examId: examA },
      headers: { token: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('部门对比');
    const rows = [2, 3].map((i) => ws?.getRow(i).values as unknown[]);
    expect(rows.map((r) => r[1]).sort()).toEqual(['市场部', '人力资源部'].sort());
    expect(ws?.getColumn(5).numFmt).toBe('0.00%');
  });
});

describe('exam over time', () => {
  it('answers the exams in the order they started, with a period filter', async () => {
    const res = await t.request(examReportTrendStat, { title: '报表考试' }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((r) => r.title)).toEqual(['报表考试A', '报表考试B']);
    // A: 20, 10, 0, 10 → 3 of 4 pass, average 10.
    expect(res.data[0]).toMatchObject({
      learners: 3,
      papers: 4,
      passRate: 0.75,
      avgScore: 10,
      avgRate: 0.5,
      totalScore: 20,
    });
    expect(res.data[1]).toMatchObject({ learners: 1, papers: 1, passRate: 1, avgScore: 10, avgRate: 1 });
    const from = new Date(clock.ms() - 2 * HOUR).toISOString();
    const later = await t.request(examReportTrendStat, { title: '报表考试', from }, admin);
    expect(later.data.map((r) => r.title)).toEqual(['报表考试B']);
    const bad = await t.call(examReportTrendStat.path, { from: '昨天' }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('exports it as xlsx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: examReportTrendExport.path,
      payload: { title: '报表考试' },
      headers: { token: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('考试趋势');
    expect(ws?.getRow(2).getCell(1).value).toBe('报表考试A');
    expect(ws?.getRow(2).getCell(6).value).toBe(0.75);
    expect(ws?.getRow(3).getCell(1).value).toBe('报表考试B');
    expect(String(ws?.getRow(2).getCell(2).value)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe('data scope and access', () => {
  it('an administrator of 人力资源部 sees only its learners in every report', async () => {
    const hr = await createAdmin(t, 'rp_hr', DataScope.OWN_DEPT, 'D001D003', REPORT);
    const dept = await t.request(examReportDeptStat, { examId: examA }, hr.token);
    expect(dept.data.map((r) => r.deptName)).toEqual(['人力资源部']);
    const trend = await t.request(examReportTrendStat, { title: '报表考试' }, hr.token);
    expect(trend.data).toEqual([expect.objectContaining({ title: '报表考试A', learners: 1, papers: 1 })]);
    const other = await t.request(examReportTranscriptDetail, { userId: ids.a1 }, hr.token);
    expect(other.code).toBe(ErrorCode.NO_PERMISSION);
    expect(other.msg).toContain('数据权限');
    const own = await t.request(examReportTranscriptDetail, { userId: ids.b1 }, hr.token);
    expect(own.data.rows).toHaveLength(1);
    const exported = await t.app.inject({
      method: 'POST',
      url: examReportTranscriptExport.path,
      payload: { userId: ids.a1 },
      headers: { token: hr.token },
    });
    expect(exported.json().code).toBe(ErrorCode.NO_PERMISSION);
    const learners = await t.request(examReportLearnerList, { keyword: 'rp_' }, hr.token);
    const names = learners.data.map((u) => u.userName);
    expect(names).toContain('rp_b1');
    expect(names).not.toContain('rp_a1');
  });

  it('refuses without a token, a learner, an administrator without the tag, and bad input', async () => {
    expect((await t.request(examReportDeptStat, {}, null)).code).toBe(ErrorCode.NOT_LOGIN);
    const student = await t.login('student', 'student123');
    expect((await t.request(examReportTrendStat, {}, student)).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await createAdmin(t, 'rp_view', DataScope.ALL, 'D001', ['exam:report:view']);
    expect((await t.request(examReportTrendStat, {}, viewer.token)).code).toBe(0);
    const noExport = await t.app.inject({
      method: 'POST',
      url: examReportTrendExport.path,
      payload: {},
      headers: { token: viewer.token },
    });
    expect(noExport.json().code).toBe(ErrorCode.NO_PERMISSION);
    const missing = await t.call(examReportTranscriptDetail.path, {}, admin);
    expect(missing.code).toBe(ErrorCode.BAD_PARAMS);
    expect(missing.msg).toContain('学员ID');
    expect((await t.request(examReportTranscriptDetail, { userId: 'nope' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
