/**
 * Arrangements in the server's checks (window, minutes → deadline, attempts,
 * password), user over department precedence, re-sits, archive / restore / delete, locks.
 */
import {
  ErrorCode,
  examExamCheck,
  examExamDelete,
  examExamDetail,
  examExamOnlinePaging,
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamPaging,
  examExamResit,
  examExamResitPreview,
  examExamRestore,
  examExamSave,
  examResultExamPaging,
  paperPaperAbandon,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperHand,
  type TExamOverrideSave,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDepart, sysUser } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
const MIN = 60_000;
let t: TestApp;
let admin: string;
let lisi: string; // 市场部 D001D002
let wangwu: string; // 人力资源部 D001D003
let zhang: string; // 技术部 D001D001
const ids: Record<string, string> = {};
const depts: Record<string, string> = {};
let tmplId: string;
let otherTmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  lisi = await t.login('lisi', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  zhang = await t.login('student', 'student123');
  for (const u of await t.db.select().from(sysUser)) ids[u.userName] = u.id;
  for (const d of await t.db.select().from(sysDepart)) depts[d.code] = d.id;
  const bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge]);
  otherTmplId = await saveFixedTmpl(t, admin, [bank.judge, bank.single, bank.multi]);
}, 180_000); // four sign-ins (argon2) and a database copy: slow on the shared, loaded machine
afterAll(async () => t.close());

/** An exam whose window ended ten minutes ago (so only an arrangement opens it). */
const endedExam = (extra: Record<string, unknown> = {}) =>
  saveExam(t, admin, tmplId, clock.ms(), {
    startTime: new Date(clock.ms() - 3 * 3600_000).toISOString(),
    endTime: new Date(clock.ms() - 10 * MIN).toISOString(),
    ...extra,
  });

const arrange = async (body: TExamOverrideSave) => {
  const res = await t.request(examExamOverrideSave, body, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};
const window = (fromMin: number, toMin: number) => ({
  startTime: new Date(clock.ms() + fromMin * MIN).toISOString(),
  endTime: new Date(clock.ms() + toMin * MIN).toISOString(),
});
const create = (token: string, examId: string, password?: string) =>
  t.request(paperPaperCreate, { examId, password }, token);
const abandon = (token: string, paperId: string) => t.request(paperPaperAbandon, { paperId }, token);
const onlineIds = async (token: string, params: Record<string, unknown> = {}) =>
  (await t.request(examExamOnlinePaging, { current: 1, size: 100, params }, token)).data.records;

describe('access and validation', () => {
  it('refuses without a token, refuses learners, names the bad field in Chinese', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    expect((await t.call(examExamOverrideList.path, { examId })).code).toBe(ErrorCode.NOT_LOGIN);
    expect(
      (await t.call(examExamOverrideSave.path, { examId, targetType: 1, userId: ids.lisi, extraMinutes: 5 }, lisi))
        .code,
    ).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(examExamRestore.path, { ids: [examId] }, lisi)).code).toBe(ErrorCode.NO_PERMISSION);
    const noUser = await t.call(examExamOverrideSave.path, { examId, targetType: 1, extraMinutes: 5 }, admin);
    expect(noUser.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noUser.msg).toContain('请选择考生');
    const nothing = await t.call(examExamOverrideSave.path, { examId, targetType: 1, userId: ids.lisi }, admin);
    expect(nothing.msg).toContain('请至少设置一项安排');
    const half = await t.call(
      examExamOverrideSave.path,
      { examId, targetType: 1, userId: ids.lisi, startTime: new Date(clock.ms()).toISOString() },
      admin,
    );
    expect(half.msg).toContain('开始和结束时间须同时填写');
    const minutes = await t.call(
      examExamOverrideSave.path,
      { examId, targetType: 1, userId: ids.lisi, extraMinutes: -3 },
      admin,
    );
    expect(minutes.code).toBe(ErrorCode.BAD_PARAMS);
    expect(minutes.msg).toContain('延长时间不能小于0');
  });

  it('never widens the audience and refuses a second row for the same learner', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { openType: 3, userIds: [ids.lisi] });
    const out = await t.request(
      examExamOverrideSave,
      { examId, targetType: 1, userId: ids.wangwu, extraMinutes: 10 },
      admin,
    );
    expect(out.code).toBe(ErrorCode.BAD_PARAMS);
    expect(out.msg).toContain('不在本场考试的参考范围内');
    await arrange({ examId, targetType: 1, userId: ids.lisi, extraMinutes: 10 });
    const twice = await t.request(
      examExamOverrideSave,
      { examId, targetType: 1, userId: ids.lisi, extraTries: 1 },
      admin,
    );
    expect(twice.code).toBe(ErrorCode.DUPLICATE);
    expect(twice.msg).toBe('该考生在本场考试已有安排，请编辑原安排');
  });
});

describe('overrides in the server checks', () => {
  it('another window: the learner sees and starts the ended exam, others are still refused', async () => {
    const examId = await endedExam({ title: '窗口安排考试' });
    expect((await create(lisi, examId)).msg).toBe('考试已结束');
    await arrange({ examId, targetType: 1, userId: ids.lisi, ...window(-5, 120), note: '出差' });
    const running = await onlineIds(lisi, { timeState: 1 });
    const mine = running.find((r) => r.id === examId);
    expect(mine?.timeState).toBe(1);
    expect(mine?.arrangement).toBe('个别安排：单独时间');
    expect((await onlineIds(wangwu, { timeState: 1 })).some((r) => r.id === examId)).toBe(false);
    expect((await onlineIds(wangwu, { timeState: 2 })).some((r) => r.id === examId)).toBe(true);
    const check = await t.request(examExamCheck, { id: examId }, lisi);
    expect(check.data.canStart).toBe(true);
    const paper = await create(lisi, examId);
    expect(paper.code, paper.msg).toBe(0);
    const detail = await t.request(paperPaperDetail, { paperId: paper.data.paperId }, lisi);
    // duration 60 inside a window to +120 minutes
    expect(Date.parse(detail.data.deadline)).toBe(clock.ms() + 60 * MIN);
    await abandon(lisi, paper.data.paperId);
    expect((await create(wangwu, examId)).msg).toBe('考试已结束');
  });

  it('a window in the future: not started yet for that learner', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    await arrange({ examId, targetType: 1, userId: ids.wangwu, ...window(30, 90) });
    const r = await create(wangwu, examId);
    expect(r.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    expect(r.msg).toBe('考试尚未开始');
    expect((await onlineIds(wangwu, { timeState: 0 })).some((x) => x.id === examId)).toBe(true);
  });

  it('extra minutes lengthen the deadline, also past the window end', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { duration: 30 });
    await arrange({ examId, targetType: 1, userId: ids.lisi, extraMinutes: 15 });
    const p = await create(lisi, examId);
    const d = await t.request(paperPaperDetail, { paperId: p.data.paperId }, lisi);
    expect(Date.parse(d.data.deadline)).toBe(clock.ms() + 45 * MIN);
    await abandon(lisi, p.data.paperId);
    const q = await create(wangwu, examId);
    const e = await t.request(paperPaperDetail, { paperId: q.data.paperId }, wangwu);
    expect(Date.parse(e.data.deadline)).toBe(clock.ms() + 30 * MIN);
    await abandon(wangwu, q.data.paperId);

    // The window closes in 20 minutes: 30 + 15 minutes are capped at the end + 15.
    const late = await saveExam(t, admin, tmplId, clock.ms(), {
      duration: 30,
      endTime: new Date(clock.ms() + 20 * MIN).toISOString(),
    });
    await arrange({ examId: late, targetType: 1, userId: ids.lisi, extraMinutes: 15 });
    const r = await create(lisi, late);
    const rd = await t.request(paperPaperDetail, { paperId: r.data.paperId }, lisi);
    expect(Date.parse(rd.data.deadline)).toBe(clock.ms() + 35 * MIN);
    await abandon(lisi, r.data.paperId);
  });

  it('extra attempts: one more after the limit', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 1 });
    const p = await create(lisi, examId);
    await abandon(lisi, p.data.paperId);
    expect((await create(lisi, examId)).code).toBe(ErrorCode.EXAM_TRY_LIMIT);
    const ovId = await arrange({ examId, targetType: 1, userId: ids.lisi, extraTries: 1 });
    const listed = (await onlineIds(lisi)).find((r) => r.id === examId);
    expect(listed?.tryLimit).toBe(2);
    expect(listed?.triesLeft).toBe(1);
    expect(listed?.arrangement).toBe('个别安排：增加1次');
    const again = await create(lisi, examId);
    expect(again.code).toBe(0);
    await abandon(lisi, again.data.paperId);
    expect((await create(lisi, examId)).code).toBe(ErrorCode.EXAM_TRY_LIMIT);
    // Removing the arrangement takes the attempt back.
    await t.request(examExamOverrideDelete, { ids: [ovId] }, admin);
    expect((await t.request(examExamOverrideList, { examId }, admin)).data).toHaveLength(0);
  });

  it('a different password: the learner uses theirs, the others the exam one', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { openType: 9, password: 'room-a' });
    await arrange({ examId, targetType: 1, userId: ids.lisi, password: 'room-b' });
    expect((await create(lisi, examId, 'room-a')).code).toBe(ErrorCode.EXAM_PASSWORD_WRONG);
    const ok = await create(lisi, examId, 'room-b');
    expect(ok.code, ok.msg).toBe(0);
    await abandon(lisi, ok.data.paperId);
    const other = await create(wangwu, examId, 'room-a');
    expect(other.code).toBe(0);
    await abandon(wangwu, other.data.paperId);

    // On a public exam a password arrangement makes that learner need it.
    const pub = await saveExam(t, admin, tmplId, clock.ms());
    await arrange({ examId: pub, targetType: 1, userId: ids.wangwu, password: 'only-me' });
    expect((await t.request(examExamCheck, { id: pub }, wangwu)).data.needPassword).toBe(true);
    expect((await create(wangwu, pub)).msg).toBe('请输入考试密码');
    const w = await create(wangwu, pub, 'only-me');
    expect(w.code).toBe(0);
    await abandon(wangwu, w.data.paperId);
  });

  it('a user override beats a department one; the deepest department beats its parent', async () => {
    const examId = await endedExam({ duration: 30 });
    // The whole group (D001): a window and 50 minutes; 市场部 (D001D002): a window and 5 minutes.
    await arrange({ examId, targetType: 2, deptId: depts.D001, ...window(-5, 120), extraMinutes: 50 });
    await arrange({ examId, targetType: 2, deptId: depts.D001D002, ...window(-5, 120), extraMinutes: 5 });
    const w = await create(wangwu, examId); // 人力资源部: the group's row
    const wd = await t.request(paperPaperDetail, { paperId: w.data.paperId }, wangwu);
    expect(Date.parse(wd.data.deadline)).toBe(clock.ms() + 80 * MIN);
    await abandon(wangwu, w.data.paperId);
    const l = await create(lisi, examId); // 市场部: its own, deeper row
    const ld = await t.request(paperPaperDetail, { paperId: l.data.paperId }, lisi);
    expect(Date.parse(ld.data.deadline)).toBe(clock.ms() + 35 * MIN);
    await abandon(lisi, l.data.paperId);
    // 李四's own row (extra minutes only, no window) replaces the department's entirely: the exam's ended window applies.
    await arrange({ examId, targetType: 1, userId: ids.lisi, extraMinutes: 20 });
    expect((await create(lisi, examId)).msg).toBe('考试已结束');
    const listed = (await onlineIds(lisi)).find((r) => r.id === examId);
    expect(listed?.timeState).toBe(2);
    expect(listed?.arrangement).toBe('个别安排：延长20分钟');
    const rows = (await t.request(examExamOverrideList, { examId }, admin)).data;
    expect(rows.map((r) => r.deptName ?? r.realName).sort()).toEqual(['云帆科技集团', '市场部', '李四'].sort());
  });
});

describe('re-sits (补考)', () => {
  it('lists the failed and the missed, and gives them a new window with one more attempt', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { tryLimit: 1, passScore: 20, title: '补考测试' });
    // 李四 hands in a blank paper: 0 points, failed. 王五 is sitting it.
    const p = await create(lisi, examId);
    expect((await t.request(paperPaperHand, { paperId: p.data.paperId }, lisi)).code).toBe(0);
    const w = await create(wangwu, examId);
    const preview = await t.request(examExamResitPreview, { examId, failed: true, missed: true }, admin);
    const byName = new Map(preview.data.map((c) => [c.userName, c]));
    expect(byName.get('lisi')?.reason).toBe('未通过');
    expect(byName.get('lisi')?.tryCount).toBe(1);
    expect(byName.get('student')?.reason).toBe('缺考');
    expect(byName.has('wangwu')).toBe(false); // sitting: not a candidate
    expect(byName.has('admin')).toBe(false); // not a learner
    const failedOnly = await t.request(examExamResitPreview, { examId, failed: true, missed: false }, admin);
    expect(failedOnly.data.map((c) => c.userName)).toEqual(['lisi']);
    // 王五 cannot be given a re-sit while sitting.
    const refused = await t.request(examExamResit, { examId, userIds: [ids.wangwu], ...window(60, 180) }, admin);
    expect(refused.code).toBe(ErrorCode.BAD_PARAMS);
    expect(refused.msg).toContain('有1名考生不能补考');
    await abandon(wangwu, w.data.paperId);

    // The exam's window ends; the re-sit is tomorrow.
    clock.add(25 * 3600_000);
    expect((await create(lisi, examId)).msg).toBe('考试已结束');
    const resit = await t.request(
      examExamResit,
      { examId, userIds: [ids.lisi, ids.student], ...window(60, 180), note: '统一补考' },
      admin,
    );
    expect(resit.code, resit.msg).toBe(0);
    expect(resit.data.count).toBe(2);
    const rows = (await t.request(examExamOverrideList, { examId }, admin)).data;
    expect(rows.map((r) => r.kindLabel)).toEqual(['补考', '补考']);
    expect(rows.find((r) => r.userName === 'lisi')?.extraTries).toBe(1);
    expect((await create(lisi, examId)).msg).toBe('考试尚未开始');
    clock.add(61 * MIN);
    const listed = (await onlineIds(lisi, { timeState: 1 })).find((r) => r.id === examId);
    expect(listed?.arrangement).toBe('补考：单独时间，增加1次');
    expect(listed?.triesLeft).toBe(1);
    const again = await create(lisi, examId);
    expect(again.code, again.msg).toBe(0);
    await t.request(paperPaperHand, { paperId: again.data.paperId }, lisi);
    expect((await create(lisi, examId)).code).toBe(ErrorCode.EXAM_TRY_LIMIT);
    const z = await create(zhang, examId);
    expect(z.code, z.msg).toBe(0);
    await abandon(zhang, z.data.paperId);
    // 王五 abandoned (an attempt, no pass): a re-sit candidate now, but the exam's window is over for him.
    expect((await create(wangwu, examId)).msg).toBe('考试已结束');
  });

  it('refuses a re-sit of a closed exam and a window that ends before it starts', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { state: 2 });
    const closed = await t.request(examExamResit, { examId, userIds: [ids.lisi], ...window(10, 70) }, admin);
    expect(closed.code).toBe(ErrorCode.CONFLICT);
    expect(closed.msg).toBe('考试未发布或已关闭，请先发布后再安排补考');
    const bad = await t.call(examExamResit.path, { examId, userIds: [ids.lisi], ...window(70, 10) }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('补考结束时间必须晚于开始时间');
  });
});

describe('archive instead of delete', () => {
  it('archives an exam with papers (results kept), restores it, deletes one without papers', async () => {
    const withPapers = await saveExam(t, admin, tmplId, clock.ms(), { title: '归档考试甲' });
    const empty = await saveExam(t, admin, tmplId, clock.ms(), { title: '归档考试乙' });
    const p = await create(lisi, withPapers);
    await t.request(paperPaperHand, { paperId: p.data.paperId }, lisi);

    const del = await t.request(examExamDelete, { ids: [withPapers, empty] }, admin);
    expect(del.code).toBe(0);
    expect(del.msg).toBe('1场考试已有答卷，已归档（成绩保留，可在“已归档”中恢复）；1场考试已删除');
    const adminList = async (archived: boolean) =>
      (await t.request(examExamPaging, { current: 1, size: 200, params: { archived } }, admin)).data.records;
    expect((await adminList(false)).some((e) => e.id === withPapers || e.id === empty)).toBe(false);
    const archived = await adminList(true);
    expect(archived.map((e) => e.id)).toContain(withPapers);
    expect(archived.map((e) => e.id)).not.toContain(empty);
    const rec = archived.find((e) => e.id === withPapers);
    expect(rec?.paperCount).toBe(1);
    expect(rec?.archivedAt).not.toBeNull();
    // Off the learner's list, cannot be sat; results still reportable.
    expect((await onlineIds(lisi)).some((e) => e.id === withPapers)).toBe(false);
    expect((await create(wangwu, withPapers)).code).toBe(ErrorCode.NOT_FOUND);
    const results = await t.request(
      examResultExamPaging,
      { current: 1, size: 200, params: { title: '归档考试甲' } },
      admin,
    );
    expect(results.data.records.map((r) => r.examId)).toContain(withPapers);
    // Not editable while archived.
    const detail = await t.request(examExamDetail, { id: withPapers }, admin);
    const save = await t.call(examExamSave.path, { ...detail.data, id: withPapers, title: '改名' }, admin);
    expect(save.code).toBe(ErrorCode.CONFLICT);
    expect(save.msg).toBe('考试已归档，请先恢复后再修改');

    expect((await t.request(examExamRestore, { ids: [withPapers] }, admin)).code).toBe(0);
    expect((await adminList(false)).some((e) => e.id === withPapers)).toBe(true);
    expect((await onlineIds(lisi)).some((e) => e.id === withPapers)).toBe(true);
    const again = await t.request(examExamRestore, { ids: [empty] }, admin);
    expect(again.code).toBe(ErrorCode.NOT_FOUND);
    expect(again.msg).toBe('考试不存在或未归档');

    const plain = await t.request(examExamDelete, { ids: [withPapers] }, admin);
    expect(plain.msg).toContain('已归档');
  });

  it('refuses to delete while a learner sits the exam', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '作答中' });
    const p = await create(wangwu, examId);
    const del = await t.request(examExamDelete, { ids: [examId] }, admin);
    expect(del.code).toBe(ErrorCode.CONFLICT);
    await abandon(wangwu, p.data.paperId);
  });
});

describe('locks after a paper started', () => {
  it('refuses changes to the paper, pass mark and marking settings; title and times stay editable', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '锁定考试' });
    const before = (await t.request(examExamDetail, { id: examId }, admin)).data;
    expect(before.lockedReason).toBeNull();
    const body = { ...before, id: examId };
    // No paper yet: the pass mark may change.
    expect((await t.call(examExamSave.path, { ...body, passScore: 25 }, admin)).code).toBe(0);
    const p = await create(lisi, examId);
    const locked = (await t.request(examExamDetail, { id: examId }, admin)).data;
    expect(locked.lockedReason).toContain('已有考生开始作答（1份答卷）');
    const pass = await t.call(examExamSave.path, { ...body, passScore: 10 }, admin);
    expect(pass.code).toBe(ErrorCode.EXAM_SETTINGS_LOCKED);
    expect(pass.msg).toBe('已有考生开始作答（1份答卷），不能再修改及格分；考试名称、说明和时间仍可修改');
    const tmpl = await t.call(examExamSave.path, { ...body, passScore: 25, tmplId: otherTmplId }, admin);
    expect(tmpl.code).toBe(ErrorCode.EXAM_SETTINGS_LOCKED);
    expect(tmpl.msg).toContain('试卷');
    const policy = await t.call(
      examExamSave.path,
      { ...body, passScore: 25, kindSettings: { 2: { policy: 2 } } },
      admin,
    );
    expect(policy.code).toBe(ErrorCode.EXAM_SETTINGS_LOCKED);
    expect(policy.msg).toContain('多选题计分方式');
    const later = new Date(Date.parse(body.endTime) + 3600_000).toISOString();
    const ok = await t.call(
      examExamSave.path,
      { ...body, passScore: 25, title: '锁定考试（延长）', content: '<p>说明</p>', endTime: later },
      admin,
    );
    expect(ok.code, ok.msg).toBe(0);
    const after = (await t.request(examExamDetail, { id: examId }, admin)).data;
    expect(after.title).toBe('锁定考试（延长）');
    expect(after.endTime).toBe(later);
    expect(after.passScore).toBe(25);
    await abandon(lisi, p.data.paperId);
  });
});
