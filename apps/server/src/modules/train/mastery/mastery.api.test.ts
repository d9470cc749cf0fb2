/**
 * Mastery from a seeded history: a learner misses 消防 (under 安全) and 管理 in an exam and gets
 * 操作 right; sixty days later (two half-lives) they practise 消防 right, which outweighs the old
 * miss. Their chart lists the weakest first; weakest-points practice draws the bank's questions of
 * the three weakest points only; the wrong-answer book groups by point; the heat map shows the
 * departments of the viewer's data scope, and its export is an xlsx written to the operation log.
 */
import {
  bookPaging,
  bookSummary,
  DataScope,
  ErrorCode,
  trainFill,
  trainMasteryDeptStat,
  trainMasteryExport,
  trainMasteryMine,
  trainStart,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elKnowledgePoint,
  elKpMastery,
  elQuKnowledge,
  elRepo,
  elTrainQu,
  sysDepart,
  sysLog,
  sysUser,
} from '../../../db/schema/index.js';
import { drainEvents } from '../../../test/events.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { newLearner, sit } from '../../sitting/regrade/regrade-fixtures.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';
import { HALF_LIFE_DAYS, PRACTICE_WEIGHT } from './mastery-rules.js';

const clock = testClock(Date.parse('2026-10-01T02:00:00Z'));
let t: TestApp;
let admin: string;
let bank: Bank;
let learner: { id: string; token: string };
const kp = { safety: '', fire: '', ops: '', manage: '' };

async function point(title: string, parent: { id: string; path: string } | null) {
  const [row] = await t.db
    .insert(elKnowledgePoint)
    .values({ title, parentId: parent?.id ?? null, path: 'x' })
    .returning({ id: elKnowledgePoint.id });
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await t.db.update(elKnowledgePoint).set({ path }).where(eq(elKnowledgePoint.id, row.id));
  return { id: row.id, path };
}
const mastery = async (kpId: string) =>
  (
    await t.db
      .select()
      .from(elKpMastery)
      .where(and(eq(elKpMastery.userId, learner.id), eq(elKpMastery.kpId, kpId)))
  )[0];

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  await t.db.update(elRepo).set({ practiceEnabled: true }).where(eq(elRepo.id, bank.repoId));
  const safety = await point('安全', null);
  const fire = await point('消防', safety);
  const ops = await point('操作', null);
  const manage = await point('管理', null);
  Object.assign(kp, { safety: safety.id, fire: fire.id, ops: ops.id, manage: manage.id });
  await t.db.insert(elQuKnowledge).values([
    { quId: bank.single, kpId: fire.id },
    { quId: bank.judge, kpId: ops.id },
    { quId: bank.multi, kpId: manage.id },
  ]);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge, bank.multi]);
  const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
  learner = await newLearner(t, admin, 'ms_a', '掌握度考生');
  // 消防 (single, key B) and 管理 (multi, key A C) wrong, 操作 (judge, key A) right.
  await sit(t, learner.token, examId, { [bank.single]: 'A', [bank.judge]: 'A', [bank.multi]: ['B'] });
  await drainEvents(t);
}, 120_000);
afterAll(() => t.close());

describe('mastery from exams and practice', () => {
  it('is computed per point and its ancestors from the exam', async () => {
    expect(await mastery(kp.fire)).toMatchObject({ mastery: 0, answers: 1 });
    expect(await mastery(kp.safety)).toMatchObject({ mastery: 0, answers: 1 });
    expect(await mastery(kp.ops)).toMatchObject({ mastery: 1, answers: 1 });
    expect(await mastery(kp.manage)).toMatchObject({ mastery: 0 });
  });

  it('weighs a recent practice answer over an old exam miss', async () => {
    clock.add(2 * HALF_LIFE_DAYS * 86_400_000);
    const started = await t.request(trainStart, { repoId: bank.repoId, mode: 3, types: [1] }, learner.token);
    expect(started.code, started.msg).toBe(0);
    const filled = await t.request(
      trainFill,
      { trainId: started.data.trainId, quId: bank.single, answer: 'B' } as never,
      learner.token,
    );
    expect(filled.code, filled.msg).toBe(0);
    await drainEvents(t);
    // The exam's weight 1 has decayed to 1/4; the practice answer weighs PRACTICE_WEIGHT.
    const expected = PRACTICE_WEIGHT / (PRACTICE_WEIGHT + 0.25);
    expect((await mastery(kp.fire)).mastery).toBeCloseTo(expected, 3);
    expect((await mastery(kp.safety)).mastery).toBeCloseTo(expected, 3);
    expect((await mastery(kp.fire)).answers).toBe(2);
    // Without recency it would be 0.5 / 1.5.
    expect(expected).toBeGreaterThan(0.6);
  });

  it('shows the learner their points weakest first', async () => {
    const res = await t.request(trainMasteryMine, undefined as never, learner.token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((p) => p.title)).toEqual(['管理', '消防', '安全', '操作']);
    expect(res.data.find((p) => p.kpId === kp.fire)?.pathTitle).toBe('安全/消防');
    expect((await t.request(trainMasteryMine, undefined as never, null)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('draws weakest-points practice from the three weakest points in the bank', async () => {
    const res = await t.request(trainStart, { repoId: bank.repoId, mode: 8 }, learner.token);
    expect(res.code, res.msg).toBe(0);
    const drawn = await t.db
      .select({ quId: elTrainQu.quId })
      .from(elTrainQu)
      .where(eq(elTrainQu.trainId, res.data.trainId));
    // 管理 (multi), 消防 and 安全 (single); 操作 (judge) is mastered.
    expect(drawn.map((d) => d.quId).sort()).toEqual([bank.multi, bank.single].sort());
    // A learner without any mastery is told so.
    const fresh = await newLearner(t, admin, 'ms_b', '新考生');
    const none = await t.request(trainStart, { repoId: bank.repoId, mode: 8 }, fresh.token);
    expect([none.code, none.msg]).toEqual([ErrorCode.CONFLICT, '还没有该题库的薄弱知识点：先完成考试或练习']);
    const review = await t.call(trainStart.path, { repoId: bank.repoId, mode: 7 }, learner.token);
    expect(review.code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('groups the wrong-answer book by knowledge point', async () => {
    const summary = await t.request(bookSummary, undefined as never, learner.token);
    expect(summary.code, summary.msg).toBe(0);
    expect(summary.data.kps.map((k) => [k.path, k.count])).toEqual([
      ['安全', 1],
      ['安全/消防', 1],
      ['管理', 1],
    ]);
    const underSafety = await t.request(
      bookPaging,
      { current: 1, size: 10, params: { kpId: kp.safety } },
      learner.token,
    );
    expect(underSafety.code, underSafety.msg).toBe(0);
    expect(underSafety.data.records.map((r) => r.quId)).toEqual([bank.single]);
  });

  it('shows the heat map within the viewer’s data scope, and exports it with a log entry', async () => {
    const [dept] = await t.db
      .select({ id: sysDepart.id, name: sysDepart.name })
      .from(sysUser)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
      .where(eq(sysUser.id, learner.id));
    const all = await t.request(trainMasteryDeptStat, {}, admin);
    expect(all.code, all.msg).toBe(0);
    // The base data's own tree (the seed banks' points) stands beside this test's points.
    const ours = all.data.points.filter((p) => Object.values(kp).includes(p.id));
    expect(ours.map((p) => p.title).sort()).toEqual(['安全', '操作', '管理'].sort());
    expect(ours.filter((p) => p.hasChildren).map((p) => p.title)).toEqual(['安全']);
    expect(all.data.depts).toEqual([{ id: dept.id, title: dept.name }]);
    const cell = all.data.cells.find((c) => c.kpId === kp.ops);
    expect(cell).toMatchObject({ deptId: dept.id, mastery: 1, learners: 1 });
    const children = await t.request(trainMasteryDeptStat, { parentId: kp.safety }, admin);
    expect(children.data.points.map((p) => p.title)).toEqual(['消防']);

    // An administrator of another department sees no learner of this one.
    const other = await createAdmin(t, 'ms_other', DataScope.OWN_DEPT, 'D001D002', [
      'train-mastery',
      'train:mastery:view',
    ]);
    const scoped = await t.request(trainMasteryDeptStat, {}, other.token);
    expect(scoped.code, scoped.msg).toBe(0);
    expect(scoped.data.cells).toEqual([]);
    expect((await t.request(trainMasteryDeptStat, {}, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(trainMasteryExport.path, {}, other.token)).code).toBe(ErrorCode.NO_PERMISSION);

    const res = await t.app.inject({
      method: 'POST',
      url: trainMasteryExport.path,
      payload: {},
      headers: { token: admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet('知识点掌握度');
    expect(ws?.getRow(1).values).toContain('操作');
    expect(ws?.getRow(2).getCell(1).value).toBe(dept.name);
    // The operation log is written after the answer.
    let logs: unknown[] = [];
    for (let i = 0; i < 40 && logs.length === 0; i++) {
      logs = await t.db.select().from(sysLog).where(eq(sysLog.path, trainMasteryExport.path));
      if (logs.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(logs.length).toBe(1);
  });
});
