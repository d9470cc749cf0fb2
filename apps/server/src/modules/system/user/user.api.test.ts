import {
  ErrorCode,
  sysUserBatchDept,
  sysUserBatchRole,
  sysUserDelete,
  sysUserDetail,
  sysUserExport,
  sysUserImport,
  sysUserImportTemplate,
  sysUserInfo,
  sysUserLogin,
  sysUserPaging,
  sysUserResetPass,
  sysUserSave,
  sysUserState,
  sysUserUpdate,
  USER_IMPORT_COLUMNS,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { deptId, download, readSheet, roleId, sheetOf, upload, userId } from './user.test-helpers.js';

let t: TestApp;
let admin: string;
let student: string;
let D001D001: string;
let D001D002: string;
let STUDENT_ROLE: string;
let DEPT_ADMIN_ROLE: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  D001D001 = await deptId(t, 'D001D001');
  D001D002 = await deptId(t, 'D001D002');
  STUDENT_ROLE = await roleId(t, 'student');
  DEPT_ADMIN_ROLE = await roleId(t, 'dept_admin');
});
afterAll(async () => t.close());

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  realName: `测试${userName}`,
  password: 'abc123',
  deptId: D001D001,
  roleIds: [STUDENT_ROLE],
  ...extra,
});

/** Every admin path with a body that passes validation, so the access rule decides the answer. */
const adminCalls = (): [string, unknown][] => [
  [sysUserPaging.path, { current: 1, size: 10, params: {} }],
  [sysUserDetail.path, { id: 'x' }],
  [sysUserSave.path, newUser('acc1')],
  [sysUserUpdate.path, { ...newUser('acc1'), id: 'x' }],
  [sysUserDelete.path, { ids: ['x'] }],
  [sysUserState.path, { ids: ['x'], state: 0 }],
  [sysUserResetPass.path, { id: 'x', password: 'abc123' }],
  [sysUserBatchDept.path, { ids: ['x'], deptId: D001D001 }],
  [sysUserBatchRole.path, { ids: ['x'], roleIds: [STUDENT_ROLE] }],
  [sysUserExport.path, { params: {} }],
  [sysUserImportTemplate.path, {}],
  [sysUserImport.path, {}],
];

describe('access', () => {
  it('refuses every admin path without a token (10010002)', async () => {
    for (const [path, body] of adminCalls()) {
      const res = await t.call(path, body);
      expect(res.code, path).toBe(ErrorCode.NOT_LOGIN);
    }
  });

  it('refuses a learner on every admin path (10010004)', async () => {
    for (const [path, body] of adminCalls()) {
      const res = await t.call(path, body, student);
      expect(res.code, path).toBe(ErrorCode.NO_PERMISSION);
    }
  });
});

describe('validation', () => {
  it('names the field in Chinese (10010001)', async () => {
    const noName = await t.call(sysUserSave.path, newUser('v1', { realName: '' }), admin);
    expect(noName.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noName.msg).toContain('姓名');
    const badMobile = await t.call(sysUserSave.path, newUser('v2', { mobile: '12345' }), admin);
    expect(badMobile).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '手机号码格式不正确!' });
    const badPass = await t.call(sysUserSave.path, newUser('v3', { password: 'abcdef' }), admin);
    expect(badPass.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badPass.msg).toContain('密码');
    const noRoles = await t.call(sysUserSave.path, newUser('v4', { roleIds: [] }), admin);
    expect(noRoles.msg).toContain('角色');
    const badState = await t.call(sysUserState.path, { ids: ['x'], state: 5 }, admin);
    expect(badState.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badState.msg).toContain('状态');
    const noIds = await t.call(sysUserDelete.path, { ids: [] }, admin);
    expect(noIds.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noIds.msg).toContain('用户');
    const resetBad = await t.call(sysUserResetPass.path, { id: 'x', password: '123' }, admin);
    expect(resetBad.msg).toContain('新密码');
  });

  it('answers 10010003 for an unknown user and an unknown department', async () => {
    expect((await t.call(sysUserDetail.path, { id: 'nope' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    const badDept = await t.call(sysUserSave.path, newUser('v5', { deptId: 'nope' }), admin);
    expect(badDept).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在或已被删除' });
  });
});

describe('user administration', () => {
  it('creates, reads, lists, updates a user and never answers the password hash', async () => {
    const saved = await t.call(sysUserSave.path, newUser('zhaoliu', { mobile: '13912340001' }), admin);
    expect(saved.code).toBe(0);
    const id = saved.data.id;
    const detail = await t.call(sysUserDetail.path, { id }, admin);
    expect(detail.data).toMatchObject({
      userName: 'zhaoliu',
      realName: '测试zhaoliu',
      deptName: '技术部',
      deptCode: 'D001D001',
      roleIds: [STUDENT_ROLE],
      roleNames: ['学员'],
      roleType: 1,
      state: 0,
    });
    expect(JSON.stringify(detail)).not.toMatch(/password/i);
    expect(await t.login('zhaoliu', 'abc123')).toBeTruthy();

    const byKeyword = await t.call(sysUserPaging.path, { current: 1, size: 10, params: { keyword: '1234000' } }, admin);
    expect(byKeyword.data.records.map((r: { userName: string }) => r.userName)).toEqual(['zhaoliu']);
    expect(JSON.stringify(byKeyword)).not.toMatch(/password/i);

    // deptId filter includes sub-departments: D001 holds everyone.
    const root = await deptId(t, 'D001');
    const all = await t.call(sysUserPaging.path, { current: 1, size: 100, params: { deptId: root } }, admin);
    expect(all.data.total).toBeGreaterThanOrEqual(6);
    const tech = await t.call(sysUserPaging.path, { current: 1, size: 100, params: { deptId: D001D001 } }, admin);
    expect(tech.data.records.map((r: { userName: string }) => r.userName).sort()).toEqual(
      ['deptadmin', 'student', 'zhaoliu'].sort(),
    );
    const admins = await t.call(
      sysUserPaging.path,
      { current: 1, size: 100, params: { roleId: DEPT_ADMIN_ROLE } },
      admin,
    );
    expect(admins.data.records.map((r: { userName: string }) => r.userName)).toEqual(['deptadmin']);
    const paged = await t.call(sysUserPaging.path, { current: 2, size: 2, params: {} }, admin);
    expect(paged.data).toMatchObject({ current: 2, size: 2, records: expect.any(Array) });
    expect(paged.data.pages).toBe(Math.ceil(paged.data.total / 2));

    const updated = await t.call(
      sysUserUpdate.path,
      { ...newUser('zhaoliu2', { realName: '赵六', deptId: D001D002, roleIds: [STUDENT_ROLE] }), id },
      admin,
    );
    expect(updated.code).toBe(0);
    const after = await t.call(sysUserDetail.path, { id }, admin);
    expect(after.data).toMatchObject({ userName: 'zhaoliu2', realName: '赵六', deptName: '市场部', mobile: null });
    const taken = await t.call(sysUserUpdate.path, { ...newUser('student'), id }, admin);
    expect(taken).toMatchObject({ code: ErrorCode.DUPLICATE, msg: '用户名 student 已存在' });
  });

  it('disables (revoking tokens), approves with state 0, and filters by state', async () => {
    const { data } = await t.call(sysUserSave.path, newUser('pending1', { state: 2 }), admin);
    const pending = await t.call(sysUserPaging.path, { current: 1, size: 10, params: { state: 2 } }, admin);
    expect(pending.data.records.map((r: { userName: string }) => r.userName)).toContain('pending1');
    expect((await t.call(sysUserLogin.path, { userName: 'pending1', password: 'abc123' })).code).toBe(
      ErrorCode.ACCOUNT_PENDING,
    );
    expect((await t.call(sysUserState.path, { ids: [data.id], state: 0 }, admin)).code).toBe(0);
    const token = await t.login('pending1', 'abc123');
    expect((await t.call(sysUserState.path, { ids: [data.id], state: 1 }, admin)).code).toBe(0);
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(sysUserLogin.path, { userName: 'pending1', password: 'abc123' })).code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
    // An update without a state keeps the state.
    const { password: _p, ...profile } = newUser('pending1', { realName: '改名' });
    expect((await t.call(sysUserUpdate.path, { ...profile, id: data.id }, admin)).code).toBe(0);
    expect((await t.call(sysUserDetail.path, { id: data.id }, admin)).data).toMatchObject({
      realName: '改名',
      state: 1,
    });
    const self = await t.call(sysUserState.path, { ids: [await userId(t, 'admin')], state: 1 }, admin);
    expect(self.code).toBe(ErrorCode.CONFLICT);
  });

  it('resets a password and revokes the user tokens', async () => {
    const { data } = await t.call(sysUserSave.path, newUser('resetme'), admin);
    const token = await t.login('resetme', 'abc123');
    expect((await t.call(sysUserResetPass.path, { id: data.id, password: 'newpass9' }, admin)).code).toBe(0);
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(ErrorCode.NOT_LOGIN);
    expect(await t.login('resetme', 'newpass9')).toBeTruthy();
  });

  it('moves users to a department and replaces their roles', async () => {
    const a = (await t.call(sysUserSave.path, newUser('batch1'), admin)).data.id;
    const b = (await t.call(sysUserSave.path, newUser('batch2'), admin)).data.id;
    expect((await t.call(sysUserBatchDept.path, { ids: [a, b], deptId: D001D002 }, admin)).code).toBe(0);
    expect((await t.call(sysUserBatchRole.path, { ids: [a, b], roleIds: [DEPT_ADMIN_ROLE] }, admin)).code).toBe(0);
    for (const id of [a, b]) {
      const d = (await t.call(sysUserDetail.path, { id }, admin)).data;
      expect(d).toMatchObject({ deptName: '市场部', roleIds: [DEPT_ADMIN_ROLE], roleType: 2 });
    }
    const badRole = await t.call(sysUserBatchRole.path, { ids: [a], roleIds: ['nope'] }, admin);
    expect(badRole.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('soft-deletes users, revokes their tokens and refuses deleting yourself', async () => {
    const { data } = await t.call(sysUserSave.path, newUser('deleteme'), admin);
    const token = await t.login('deleteme', 'abc123');
    expect((await t.call(sysUserDelete.path, { ids: [data.id] }, admin)).code).toBe(0);
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(sysUserDetail.path, { id: data.id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(sysUserLogin.path, { userName: 'deleteme', password: 'abc123' })).code).toBe(
      ErrorCode.BAD_CREDENTIALS,
    );
    // The name is free again after a soft delete.
    expect((await t.call(sysUserSave.path, newUser('deleteme'), admin)).code).toBe(0);
    const self = await t.call(sysUserDelete.path, { ids: [await userId(t, 'admin')] }, admin);
    expect(self).toMatchObject({ code: ErrorCode.CONFLICT, msg: '不能删除当前登录的账号' });
  });

  it('lets exactly one of two concurrent saves of a user name win', async () => {
    const [a, b] = await Promise.all([
      t.call(sysUserSave.path, newUser('racer'), admin),
      t.call(sysUserSave.path, newUser('racer', { realName: '另一个' }), admin),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, ErrorCode.DUPLICATE]);
    expect([a, b].find((r) => r.code !== 0)?.msg).toBe('用户名 racer 已存在');
    const list = await t.call(sysUserPaging.path, { current: 1, size: 10, params: { keyword: 'racer' } }, admin);
    expect(list.data.total).toBe(1);
  });
});

describe('xlsx', () => {
  it('downloads the import template with the import columns', async () => {
    const res = await download(t, sysUserImportTemplate.path, {}, admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...USER_IMPORT_COLUMNS]);
  });

  it('reports every bad row and imports nothing, then imports a good file', async () => {
    const header = [...USER_IMPORT_COLUMNS];
    const bad = await sheetOf(header, [
      ['imp1', '导入一', '13700000001', 'D001D001', 'student', 'abc123', '正常'],
      ['imp2', '导入二', '12345', 'D001D001', 'student', 'abc123', ''],
      ['imp3', '导入三', '', 'D999', 'nope', 'abcdef', '未知'],
      ['student', '', '', 'D001D002', 'student', 'abc123', '0'],
      ['imp1', '重复', '', 'D001D002', 'student', 'abc123', '1'],
    ]);
    const res = await upload(t, sysUserImport.path, bad, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('未导入任何数据');
    const errors = res.data.errors as { row: number; column: string; reason: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: '手机号', reason: '手机号码格式不正确!' },
        { row: 4, column: '部门编码', reason: '部门编码 D999 不存在' },
        { row: 4, column: '角色编码', reason: '角色编码 nope 不存在' },
        expect.objectContaining({ row: 4, column: '密码' }),
        expect.objectContaining({ row: 4, column: '状态' }),
        { row: 5, column: '用户名', reason: '用户名 student 已存在' },
        { row: 5, column: '姓名', reason: '不能为空' },
        { row: 6, column: '用户名', reason: '与第2行重复' },
      ]),
    );
    expect(errors.some((e) => e.row === 2)).toBe(false);
    const learner = await upload(t, sysUserImport.path, bad, student);
    expect(learner.code).toBe(ErrorCode.NO_PERMISSION);
    const none = await t.call(sysUserPaging.path, { current: 1, size: 10, params: { keyword: 'imp' } }, admin);
    expect(none.data.total).toBe(0);

    const good = await sheetOf(header, [
      ['imp1', '导入一', '13700000001', 'D001D001', 'student', 'abc123', '正常'],
      ['imp2', '导入二', 13700000002, 'D001D002', 'student,dept_admin', 'abc123', '1'],
    ]);
    const ok = await upload(t, sysUserImport.path, good, admin);
    expect(ok).toMatchObject({ code: 0, data: { imported: 2, errors: [] } });
    expect(await t.login('imp1', 'abc123')).toBeTruthy();
    const list = await t.call(sysUserPaging.path, { current: 1, size: 10, params: { keyword: 'imp' } }, admin);
    const imp2 = list.data.records.find((r: { userName: string }) => r.userName === 'imp2');
    expect(imp2).toMatchObject({
      mobile: '13700000002',
      deptName: '市场部',
      state: 1,
      roleNames: ['学员', '部门管理员'],
    });
  });

  it('refuses a file that is not xlsx and a file without the required columns', async () => {
    const junk = await upload(t, sysUserImport.path, Buffer.from('not a workbook'), admin);
    expect(junk.code).toBe(ErrorCode.BAD_PARAMS);
    const noCols = await upload(t, sysUserImport.path, await sheetOf(['用户名'], [['x1']]), admin);
    expect(noCols.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noCols.data.errors.map((e: { column: string }) => e.column)).toContain('密码');
  });

  it('exports the filtered users with the template columns', async () => {
    const res = await download(t, sysUserExport.path, { params: { deptId: D001D001, keyword: 'stud' } }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...USER_IMPORT_COLUMNS]);
    expect(rows.slice(1)).toEqual([['student', '张三', '13800000002', 'D001D001', 'student', '', '正常']]);
    const everyone = await readSheet((await download(t, sysUserExport.path, {}, admin)).rawPayload);
    expect(everyone.length).toBeGreaterThan(6);
  });
});
