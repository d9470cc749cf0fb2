/**
 * Figures that add up: each case failed before its fix.
 * - the dashboard follows the administrator's data scope; 试卷数 counts paper templates;
 * - a role's 用户数 leaves deleted users out;
 * - the paper template list's 使用考试 counts the exams using it (delete is refused for the same exams);
 * - keyword weights of a short answer are shares of the question's score, not points;
 * - the exported pass rate is a percentage (42.86%), not 0.4286;
 * - practice statistics: 2 right of 9 answered is 22.22%, not 25%.
 */
import {
  DataScope,
  ErrorCode,
  examResultExport,
  paperMarkDetail,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  paperTmplDelete,
  paperTmplPaging,
  sysDashboardStat,
  sysRoleDetail,
  sysUserDelete,
  trainStatByUser,
} from '@exam/contracts';
import { count, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaperTmpl, elTrain, sysRole, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { hashPassword } from '../../../platform/password.js';
import { drainEvents } from '../../../test/events.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin, deptId, roleId } from '../../system/user/user.test-helpers.js';

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

/** Inserts a learner in a department (by code); answers the id. */
async function addUser(userName: string, deptCode: string): Promise<string> {
  const [u] = await t.db
    .insert(sysUser)
    .values({
      userName,
      realName: userName,
      passwordHash: await hashPassword('abc12345'),
      deptId: await deptId(t, deptCode),
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: u.id, roleId: await roleId(t, 'student') });
  return u.id;
}

describe('dashboard', () => {
  it('counts people inside the administrator data scope only', async () => {
    const scoped = await createAdmin(t, 'dash_tech', DataScope.DEPT_AND_BELOW, 'D001D001', ['sys:dashboard:view']);
    const own = await createAdmin(t, 'dash_own', DataScope.OWN_DEPT, 'D001D002', ['sys:dashboard:view']);
    const stat = async (token: string) => {
      const res = await t.request(sysDashboardStat, {}, token);
      expect(res.code, res.msg).toBe(0);
      return res.data;
    };
    const [all0, tech0, own0] = [await stat(admin), await stat(scoped.token), await stat(own.token)];
    // 技术部 and its 前端组; 李四's department alone.
    expect(tech0.deptCount).toBe(2);
    expect(own0.deptCount).toBe(1);
    expect(all0.deptCount).toBeGreaterThan(3);
    expect(tech0.userCount).toBeLessThan(all0.userCount);

    await addUser('dash_in', 'D001D001D001'); // below 技术部
    await addUser('dash_out', 'D001D003'); // outside both scopes
    const [all1, tech1, own1] = [await stat(admin), await stat(scoped.token), await stat(own.token)];
    expect(all1.userCount).toBe(all0.userCount + 2);
    expect(tech1.userCount).toBe(tech0.userCount + 1);
    expect(own1.userCount).toBe(own0.userCount);
    // The trend's new users follow the same scope.
    const newUsers = (s: typeof all1) => s.trend.reduce((n, d) => n + d.newUsers, 0);
    expect(newUsers(tech1)).toBe(newUsers(tech0) + 1);
    expect(newUsers(own1)).toBe(newUsers(own0));
    // Sign-ins today: the scoped administrators signed in themselves; the 技术部 one does not see 王五's.
    await t.login('wangwu', 'student123');
    const [all2, tech2] = [await stat(admin), await stat(scoped.token)];
    expect(all2.activeToday).toBe(all1.activeToday + 1);
    expect(tech2.activeToday).toBe(tech1.activeToday);
  });

  it('试卷数 counts paper templates (not deleted), not answer sheets', async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(elPaperTmpl).where(isNull(elPaperTmpl.deletedAt));
    const before = (await t.request(sysDashboardStat, {}, admin)).data.paperCount;
    expect(before).toBe(n);
    const tmplId = await saveFixedTmpl(t, admin, [bank.single]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 5 });
    const student = await t.login('student', 'student123');
    const { data } = await t.request(paperPaperCreate, { examId }, student);
    await t.request(paperPaperHand, { paperId: data.paperId }, student);
    await drainEvents(t);
    // One more template; the handed-in answer sheet does not count.
    expect((await t.request(sysDashboardStat, {}, admin)).data.paperCount).toBe(before + 1);
  });
});

describe('role 用户数', () => {
  it('leaves deleted users out, and a role held only by deleted users can be deleted', async () => {
    const [role] = await t.db
      .insert(sysRole)
      .values({ code: 'r_fig', name: '统计角色', roleType: 1, dataScope: DataScope.SELF })
      .returning({ id: sysRole.id });
    const ids: string[] = [];
    for (const name of ['fig_a', 'fig_b', 'fig_c']) {
      const [u] = await t.db
        .insert(sysUser)
        .values({ userName: name, realName: name, passwordHash: 'x', deptId: await deptId(t, 'D001') })
        .returning({ id: sysUser.id });
      await t.db.insert(sysUserRole).values({ userId: u.id, roleId: role.id });
      ids.push(u.id);
    }
    const users = async () => (await t.request(sysRoleDetail, { id: role.id }, admin)).data.userCount;
    expect(await users()).toBe(3);
    const del = await t.request(sysUserDelete, { ids: [ids[0], ids[1]] }, admin);
    expect(del.code, del.msg).toBe(0);
    expect(await users()).toBe(1);
  });
});

describe('paper template 使用考试', () => {
  it('counts the exams using the template, the same ones that refuse its delete', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
    const row = async () => {
      const res = await t.request(paperTmplPaging, { current: 1, size: 100, params: {} }, admin);
      return res.data.records.find((r) => r.id === tmplId);
    };
    expect((await row())?.examCount).toBe(0);
    await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    expect((await row())?.examCount).toBe(2);
    const refused = await t.request(paperTmplDelete, { ids: [tmplId] }, admin);
    expect(refused.code).not.toBe(0);
  });
});

describe('keyword weights', () => {
  it('are shares of the question score: one of two equal keywords on a 20-point question suggests 10', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.short], 20);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
    const lisi = await t.login('lisi', 'student123');
    const { data } = await t.request(paperPaperCreate, { examId }, lisi);
    await t.request(
      paperPaperFillAnswer,
      { paperId: data.paperId, quId: bank.short, answer: '一致性', seq: 1, windowId: 'w1' },
      lisi,
    );
    expect((await t.request(paperPaperHand, { paperId: data.paperId }, lisi)).code).toBe(0);
    await drainEvents(t);
    const detail = await t.request(paperMarkDetail, { paperId: data.paperId }, admin);
    const q = detail.data.questions.find((x) => x.quId === bank.short);
    // Weights 3 and 3 (points before the fix: 3 of 20).
    expect(q?.suggestScore).toBe(10);
  });
});

describe('pass rate in the result export', () => {
  it('is formatted as a percentage with two decimals', async () => {
    const tmplId = await saveFixedTmpl(t, admin, [bank.single]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10, title: '通过率考试' });
    // 3 of 7 pass: seven learners of one department sit it.
    for (let i = 0; i < 7; i++) {
      await addUser(`pr_${i}`, 'D001D002');
      const token = await t.login(`pr_${i}`, 'abc12345');
      const { data } = await t.request(paperPaperCreate, { examId }, token);
      const answer = i < 3 ? 'B' : 'A';
      await t.request(
        paperPaperFillAnswer,
        { paperId: data.paperId, quId: bank.single, answer, seq: 1, windowId: 'w1' },
        token,
      );
      expect((await t.request(paperPaperHand, { paperId: data.paperId }, token)).code).toBe(0);
    }
    await drainEvents(t);
    const res = await t.app.inject({
      method: 'POST',
      url: examResultExport.path,
      payload: { examId },
      headers: { token: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = wb.getWorksheet('统计')?.getCell('B4');
    expect(wb.getWorksheet('统计')?.getCell('A4').value).toBe('通过率');
    expect(cell?.value).toBeCloseTo(0.4286, 4);
    expect(cell?.numFmt).toBe('0.00%');
    expect(wb.getWorksheet('试题分析')?.getColumn(6).numFmt).toBe('0.00%');
  });
});

describe('practice statistics', () => {
  it('2 right of 9 answered is 22.22%', async () => {
    const uid = await addUser('stat_29', 'D001D001');
    const now = new Date(clock.ms());
    await t.db.insert(elTrain).values({
      userId: uid,
      repoId: bank.repoId,
      mode: 1,
      total: 9,
      answered: 9,
      rightCount: 2,
      // A short answer cannot be judged right or wrong: 6 wrong + 1 unjudged.
      wrongCount: 6,
      lastActiveAt: now,
      startedAt: now,
      state: 1,
    });
    const res = await t.request(trainStatByUser, { current: 1, size: 10, params: { keyword: 'stat_29' } }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.records[0]).toMatchObject({ answered: 9, rightCount: 2, accuracy: 22.22 });
  });

  it('refuses a learner', async () => {
    const student = await t.login('student', 'student123');
    const res = await t.request(trainStatByUser, { current: 1, size: 10, params: {} }, student);
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
  });
});
