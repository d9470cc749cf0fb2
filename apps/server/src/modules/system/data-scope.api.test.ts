import {
  DataScope,
  ErrorCode,
  sysUserBatchDept,
  sysUserBatchRole,
  sysUserDelete,
  sysUserDetail,
  sysUserExport,
  sysUserPaging,
  sysUserResetPass,
  sysUserSave,
  sysUserUpdate,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser, sysUserRole } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { userScope } from './data-scope.js';
import { createAdmin, deptId, download, readSheet, roleId, userId } from './user/user.test-helpers.js';

let t: TestApp;
let tech: string;
let techCode: string;
let studentRole: string;

beforeAll(async () => {
  t = await createTestApp();
  tech = await deptId(t, 'D001D001');
  techCode = 'D001D001';
  studentRole = await roleId(t, 'student');
  // A learner in the sub-department D001D001D001 (前端组).
  const admin = await t.login('admin', 'admin123');
  const res = await t.call(
    sysUserSave.path,
    {
      userName: 'fe1',
      realName: '前端一',
      password: 'abc123',
      deptId: await deptId(t, 'D001D001D001'),
      roleIds: [studentRole],
    },
    admin,
  );
  expect(res.code).toBe(0);
});
afterAll(async () => t.close());

/** Names visible through /paging. */
async function visible(token: string): Promise<string[]> {
  const res = await t.call(sysUserPaging.path, { current: 1, size: 100, params: {} }, token);
  expect(res.code).toBe(0);
  return res.data.records.map((r: { userName: string }) => r.userName).sort();
}

/** Names visible through the condition used on another table's user-id column (sys_user_role). */
async function visibleThroughSubquery(holder: { id: string; deptId: string; deptCode: string; dataScope: number }) {
  const rows = await t.db
    .select({ userName: sysUser.userName })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .where(userScope(holder, sysUserRole.userId));
  return [...new Set(rows.map((r) => r.userName))].sort();
}

describe('data scope', () => {
  it('1 self: sees and changes only themself', async () => {
    const me = await createAdmin(t, 'scope1', DataScope.SELF, techCode);
    expect(await visible(me.token)).toEqual(['scope1']);
    const holder = { id: me.id, deptId: tech, deptCode: techCode, dataScope: DataScope.SELF };
    expect(await visibleThroughSubquery(holder)).toEqual(['scope1']);
    const student = await userId(t, 'student');
    const detail = await t.call(sysUserDetail.path, { id: student }, me.token);
    expect(detail.code).toBe(ErrorCode.NO_PERMISSION);
    expect(detail.msg).toContain('不在您的数据权限范围内');
    const reset = await t.call(sysUserResetPass.path, { id: student, password: 'abc123' }, me.token);
    expect(reset.code).toBe(ErrorCode.NO_PERMISSION);
    const create = await t.call(
      sysUserSave.path,
      { userName: 's1new', realName: 'x', password: 'abc123', deptId: tech, roleIds: [studentRole] },
      me.token,
    );
    expect(create.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('2 own department: sees the department but not its sub-departments', async () => {
    const me = await createAdmin(t, 'scope2', DataScope.OWN_DEPT, techCode);
    expect(await visible(me.token)).toEqual(['deptadmin', 'scope1', 'scope2', 'student']);
    const holder = { id: me.id, deptId: tech, deptCode: techCode, dataScope: DataScope.OWN_DEPT };
    expect(await visibleThroughSubquery(holder)).toEqual(['deptadmin', 'scope1', 'scope2', 'student']);
    const fe1 = await userId(t, 'fe1');
    expect((await t.call(sysUserDetail.path, { id: fe1 }, me.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const student = await userId(t, 'student');
    expect((await t.call(sysUserDetail.path, { id: student }, me.token)).code).toBe(0);
    const moveOut = await t.call(
      sysUserBatchDept.path,
      { ids: [student], deptId: await deptId(t, 'D001D001D001') },
      me.token,
    );
    expect(moveOut.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('3 department and below: sees sub-departments, cannot touch other departments or grant wider roles', async () => {
    const me = await createAdmin(t, 'scope3', DataScope.DEPT_AND_BELOW, techCode);
    const names = ['deptadmin', 'fe1', 'scope1', 'scope2', 'scope3', 'student'];
    expect(await visible(me.token)).toEqual(names);
    const holder = { id: me.id, deptId: tech, deptCode: techCode, dataScope: DataScope.DEPT_AND_BELOW };
    expect(await visibleThroughSubquery(holder)).toEqual(names);
    const lisi = await userId(t, 'lisi');
    expect((await t.call(sysUserDetail.path, { id: lisi }, me.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const del = await t.call(sysUserDelete.path, { ids: [lisi] }, me.token);
    expect(del.code).toBe(ErrorCode.NO_PERMISSION);
    const update = await t.call(
      sysUserUpdate.path,
      { id: lisi, userName: 'lisi', realName: '李四', deptId: tech, roleIds: [studentRole] },
      me.token,
    );
    expect(update.code).toBe(ErrorCode.NO_PERMISSION);
    const elsewhere = await t.call(
      sysUserSave.path,
      {
        userName: 's3new',
        realName: 'x',
        password: 'abc123',
        deptId: await deptId(t, 'D001D002'),
        roleIds: [studentRole],
      },
      me.token,
    );
    expect(elsewhere.code).toBe(ErrorCode.NO_PERMISSION);
    const fe1 = await userId(t, 'fe1');
    const grantSa = await t.call(sysUserBatchRole.path, { ids: [fe1], roleIds: [await roleId(t, 'sa')] }, me.token);
    expect(grantSa.code).toBe(ErrorCode.NO_PERMISSION);
    const ok = await t.call(
      sysUserSave.path,
      {
        userName: 's3new',
        realName: 'x',
        password: 'abc123',
        deptId: await deptId(t, 'D001D001D001'),
        roleIds: [studentRole],
      },
      me.token,
    );
    expect(ok.code).toBe(0);
    // The export respects the scope too.
    const rows = await readSheet((await download(t, sysUserExport.path, {}, me.token)).rawPayload);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...names, 's3new'].sort());
  });

  it('4 all: sees every user', async () => {
    const me = await createAdmin(t, 'scope4', DataScope.ALL, techCode);
    const names = await visible(me.token);
    for (const n of ['admin', 'lisi', 'wangwu', 'student', 'fe1', 'scope1', 'scope4']) expect(names).toContain(n);
    const holder = { id: me.id, deptId: tech, deptCode: techCode, dataScope: DataScope.ALL };
    expect(await visibleThroughSubquery(holder)).toEqual(names);
    const lisi = await userId(t, 'lisi');
    expect((await t.call(sysUserDetail.path, { id: lisi }, me.token)).code).toBe(0);
  });
});
