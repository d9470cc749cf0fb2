/**
 * The 监考 console checks that the administrator may see the exam, not only cuts its
 * learners to their data scope: a 技术部 administrator (scope 3) is refused (10010004) the console,
 * its live stream, its messages and its paper actions for an exam whose audience and papers all lie
 * in 市场部, and nothing is written. They may watch an exam of their departments, a public one, and
 * one they created; the super administrator (全部) watches any.
 */
import {
  DataScope,
  ErrorCode,
  examInvigilateAddTime,
  examInvigilateDetail,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
  invigilateTopic,
  paperPaperCreate,
  realtimeTicket,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elExam, elInvigilateMsg, elPaper, sysUser } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin, deptId } from '../../system/user/user.test-helpers.js';

const PERMISSIONS = [
  'exam:exam:view',
  'exam:invigilate:view',
  'exam:invigilate:msg',
  'exam:invigilate:time',
  'exam:invigilate:hand',
  'exam:invigilate:void',
];
const NOT_YOURS = '该考试的考生不在您的数据权限范围内，不能监考';

const clock = testClock();
let t: TestApp;
let admin: string;
let tech: { token: string; id: string };
let lisi: string;
const ids: Record<string, string> = {};
let bank: Bank;
let tmplId: string;
let marketExam: string;
let lisiPaper: string;

const exam = (overrides: Record<string, unknown>) =>
  saveExam(t, admin, tmplId, clock.ms(), { passScore: 10, ...overrides });
const refused = (res: { code: number; msg: string }) => {
  expect(res.code, res.msg).toBe(ErrorCode.NO_PERMISSION);
  expect(res.msg).toBe(NOT_YOURS);
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  lisi = await t.login('lisi', 'student123');
  for (const u of await t.db.select({ id: sysUser.id, userName: sysUser.userName }).from(sysUser))
    ids[u.userName] = u.id;
  tech = await createAdmin(t, 'ia_tech', DataScope.DEPT_AND_BELOW, 'D001D001', PERMISSIONS);
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  marketExam = await exam({ openType: 2, deptIds: [await deptId(t, 'D001D002')] });
  const started = await t.request(paperPaperCreate, { examId: marketExam }, lisi);
  expect(started.code, started.msg).toBe(0);
  lisiPaper = started.data.paperId;
}, 180_000);
afterAll(async () => t.close());

describe('监考 console: the administrator may see the exam', () => {
  it('refuses the console of an exam whose audience and papers lie outside the scope', async () => {
    refused(await t.request(examInvigilateDetail, { examId: marketExam }, tech.token));
    // The super administrator watches it.
    const all = await t.request(examInvigilateDetail, { examId: marketExam }, admin);
    expect(all.code, all.msg).toBe(0);
    expect(all.data.rows.map((r) => r.userName)).toContain('lisi');
  });

  it('refuses its messages, to everyone and to a learner of the scope, writing nothing', async () => {
    refused(await t.request(examInvigilateMsg, { examId: marketExam, content: '请注意' }, tech.token));
    refused(
      await t.request(examInvigilateMsg, { examId: marketExam, userId: ids.student, content: '请注意' }, tech.token),
    );
    expect(await t.db.select().from(elInvigilateMsg).where(eq(elInvigilateMsg.examId, marketExam))).toEqual([]);
  });

  it('refuses every paper action on it before anything is written', async () => {
    const before = (await t.db.select().from(elPaper).where(eq(elPaper.id, lisiPaper)))[0];
    refused(await t.request(examInvigilateAddTime, { paperId: lisiPaper, minutes: 5, reason: '断网' }, tech.token));
    refused(await t.request(examInvigilateHand, { paperId: lisiPaper, reason: '结束' }, tech.token));
    refused(await t.request(examInvigilateVoid, { paperId: lisiPaper, reason: '作弊' }, tech.token));
    const after = (await t.db.select().from(elPaper).where(eq(elPaper.id, lisiPaper)))[0];
    expect(after).toMatchObject({ state: 0, voided: false, deadline: before.deadline });
  });

  it('refuses a ticket for its live topic (10010004) before any stream opens', async () => {
    const res = await t.request(realtimeTicket, { topics: [invigilateTopic(marketExam)] }, tech.token);
    expect(res).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: NOT_YOURS, data: null });
  });

  it('opens an exam of their departments, a public one, and one they created', async () => {
    const ofTech = await exam({ openType: 2, deptIds: [await deptId(t, 'D001D001')] });
    const mine = await t.request(examInvigilateDetail, { examId: ofTech }, tech.token);
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.rows.map((r) => r.userName)).toContain('student');
    const open = await exam({ openType: 1 });
    expect((await t.request(examInvigilateDetail, { examId: open }, tech.token)).code).toBe(0);
    // Named people of 市场部 only, but created by this administrator: visible, nobody listed.
    const created = await exam({ openType: 3, userIds: [ids.lisi] });
    refused(await t.request(examInvigilateDetail, { examId: created }, tech.token));
    await t.db.update(elExam).set({ createdBy: tech.id }).where(eq(elExam.id, created));
    const own = await t.request(examInvigilateDetail, { examId: created }, tech.token);
    expect(own.code, own.msg).toBe(0);
    expect(own.data.rows).toEqual([]);
  });
});
