/**
 * The user guard: nobody resets the password of, edits, disables, moves or deletes a
 * user holding a role, a menu or a data scope they do not hold, only `sa` acts on `sa`, no grant
 * gives more than the actor holds, and nobody changes themself through user administration.
 */
import {
  DataScope,
  ErrorCode,
  RoleType,
  sysUserBatchDept,
  sysUserBatchRole,
  sysUserDelete,
  sysUserDetail,
  sysUserImport,
  sysUserPaging,
  sysUserResetPass,
  sysUserSave,
  sysUserState,
  sysUserUpdate,
  sysUserUpdateProfile,
  USER_IMPORT_COLUMNS,
} from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { hashPassword } from '../../../platform/password.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { catalogueMenuIds } from '../menu/sync-catalogue.js';
import { ALL_USER_PERMISSIONS, createAdmin, deptId, roleId, sheetOf, upload, userId } from './user.test-helpers.js';

let t: TestApp;
let sa: string;
let SA_ROLE: string;
let STUDENT_ROLE: string;
let LOG_ROLE: string;
let tech: string;
let market: string;
/** The user administrator: data scope 4, only view, save and reset-pass. */
let ua4: { token: string; id: string };
/** The same menus, data scope 3 from the root department. */
let ua3: { token: string; id: string };
/** Every user menu, data scope 4. */
let uaFull: { token: string; id: string };
/** Holds every menu of the catalogue and data scope 4, but not `sa`. */
let allMenus: { token: string; id: string };
let passwordHash: string;

const RESET_ONLY = ['sys:user:view', 'sys:user:save', 'sys:user:reset-pass'];

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('admin', 'admin123');
  SA_ROLE = await roleId(t, 'sa');
  STUDENT_ROLE = await roleId(t, 'student');
  tech = await deptId(t, 'D001D001');
  market = await deptId(t, 'D001D002');
  passwordHash = await hashPassword('admin123');
  ua4 = await createAdmin(t, 'ua4', DataScope.ALL, 'D001D001', RESET_ONLY);
  ua3 = await createAdmin(t, 'ua3', DataScope.DEPT_AND_BELOW, 'D001', RESET_ONLY);
  uaFull = await createAdmin(t, 'uafull', DataScope.ALL, 'D001D001', ALL_USER_PERMISSIONS);
  // A role of data scope 2 with a menu the user administrators lack.
  const [logRole] = await t.db
    .insert(sysRole)
    .values({ code: 'log_reader', name: '日志查看', roleType: RoleType.ADMIN, dataScope: DataScope.OWN_DEPT })
    .returning({ id: sysRole.id });
  LOG_ROLE = logRole.id;
  const logMenus = await catalogueMenuIds(t.db, ['sys', 'sys-log', 'sys:log:view']);
  await t.db.insert(sysRoleMenu).values(logMenus.map((menuId) => ({ roleId: LOG_ROLE, menuId })));
  // Every menu, as a copy of the super administrator's role would hold them.
  const [everything] = await t.db
    .insert(sysRole)
    .values({ code: 'all_menus', name: '全部菜单', roleType: RoleType.ADMIN, dataScope: DataScope.ALL })
    .returning({ id: sysRole.id });
  const menus = await t.db.select({ id: sysMenu.id }).from(sysMenu);
  await t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: everything.id, menuId: m.id })));
  const allMenusId = await newUser('allmenus', [everything.id]);
  allMenus = { id: allMenusId, token: await t.login('allmenus', 'admin123') };
});
afterAll(async () => t.close());

/** A user in 技术部 with the given roles (password admin123). */
async function newUser(userName: string, roleIds: string[], dept = 'D001D001'): Promise<string> {
  const [row] = await t.db
    .insert(sysUser)
    .values({ userName, realName: userName, passwordHash, deptId: await deptId(t, dept) })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
  return row.id;
}

/** A fresh holder of the super administrator role, so no test depends on another's target. */
const saHolder = (userName: string) => newUser(userName, [SA_ROLE]);

async function rolesOf(id: string): Promise<string[]> {
  const rows = await t.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, id));
  return rows.map((r) => r.roleId);
}

async function rowOf(id: string) {
  const [row] = await t.db
    .select({ deptId: sysUser.deptId, state: sysUser.state, realName: sysUser.realName })
    .from(sysUser)
    .where(and(eq(sysUser.id, id), isNull(sysUser.deletedAt)));
  return row;
}

const profile = (id: string, userName: string, roleIds: string[]) => ({
  id,
  userName,
  realName: '改过',
  deptId: tech,
  roleIds,
});

describe('user guard', () => {
  it('reset-pass: a user administrator of data scope 4 or 3 cannot take over the super administrator', async () => {
    const admin = await userId(t, 'admin');
    const by4 = await t.call(sysUserResetPass.path, { id: admin, password: 'owned123' }, ua4.token);
    expect(by4).toMatchObject({
      code: ErrorCode.NO_PERMISSION,
      msg: '用户 admin 是超级管理员，只有超级管理员可以修改',
    });
    const by3 = await t.call(sysUserResetPass.path, { id: admin, password: 'owned123' }, ua3.token);
    expect(by3.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await t.login('admin', 'admin123')).toBeTruthy();
    // They still reset a learner's password.
    const student = await newUser('learner_rp', [STUDENT_ROLE]);
    expect((await t.call(sysUserResetPass.path, { id: student, password: 'fresh123' }, ua4.token)).code).toBe(0);
    expect((await t.call(sysUserResetPass.path, { id: student, password: 'fresh456' }, ua3.token)).code).toBe(0);
  });

  it('reset-pass: not on a peer holding a menu or a data scope the actor lacks', async () => {
    const peer = await createAdmin(t, 'peer_menus', DataScope.DEPT_AND_BELOW, 'D001D001', [
      ...RESET_ONLY,
      'sys-log',
      'sys:log:view',
    ]);
    const res = await t.call(sysUserResetPass.path, { id: peer.id, password: 'owned123' }, ua3.token);
    expect(res).toMatchObject({
      code: ErrorCode.NO_PERMISSION,
      msg: '用户 peer_menus 拥有您没有的菜单或权限，无权修改',
    });
    const wider = await createAdmin(t, 'peer_scope', DataScope.ALL, 'D001D001', ['sys:user:view']);
    const byScope = await t.call(sysUserResetPass.path, { id: wider.id, password: 'owned123' }, ua3.token);
    expect(byScope).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '用户 peer_scope 的数据权限高于您，无权修改' });
    expect(await t.login('peer_menus', 'admin123')).toBeTruthy();
    // A peer holding no more than the actor may be reset.
    const equal = await createAdmin(t, 'peer_equal', DataScope.OWN_DEPT, 'D001D001', RESET_ONLY);
    expect((await t.call(sysUserResetPass.path, { id: equal.id, password: 'fresh123' }, ua3.token)).code).toBe(0);
  });

  it('batch-dept: does not move a super administrator', async () => {
    const target = await saHolder('sa_move');
    const learner = await newUser('learner_move', [STUDENT_ROLE]);
    const res = await t.call(sysUserBatchDept.path, { ids: [learner, target], deptId: market }, uaFull.token);
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await rowOf(target)).deptId).toBe(tech);
    expect((await rowOf(learner)).deptId).toBe(tech);
    expect((await t.call(sysUserBatchDept.path, { ids: [target], deptId: market }, sa)).code).toBe(0);
  });

  it('delete: does not delete a super administrator', async () => {
    const target = await saHolder('sa_delete');
    const res = await t.call(sysUserDelete.path, { ids: [target] }, uaFull.token);
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await rowOf(target)).toBeTruthy();
  });

  it('state: does not disable a super administrator', async () => {
    const target = await saHolder('sa_state');
    const res = await t.call(sysUserState.path, { ids: [target], state: 1 }, uaFull.token);
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await rowOf(target)).state).toBe(0);
    expect(await t.login('sa_state', 'admin123')).toBeTruthy();
  });

  it('update: does not edit (or demote) a super administrator', async () => {
    const target = await saHolder('sa_update');
    const res = await t.call(sysUserUpdate.path, profile(target, 'sa_update', [STUDENT_ROLE]), ua4.token);
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await rolesOf(target)).toEqual([SA_ROLE]);
    expect((await rowOf(target)).realName).toBe('sa_update');
    const learner = await newUser('learner_update', [STUDENT_ROLE]);
    expect((await t.call(sysUserUpdate.path, profile(learner, 'learner_update', [STUDENT_ROLE]), ua4.token)).code).toBe(
      0,
    );
  });

  it('batch-role: neither replaces the roles of a super administrator nor grants a higher role', async () => {
    const target = await saHolder('sa_roles');
    const demote = await t.call(sysUserBatchRole.path, { ids: [target], roleIds: [STUDENT_ROLE] }, uaFull.token);
    expect(demote.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await rolesOf(target)).toEqual([SA_ROLE]);
    const learner = await newUser('learner_roles', [STUDENT_ROLE]);
    // Holding every menu and data scope 4 is not holding sa.
    const grantSa = await t.call(sysUserBatchRole.path, { ids: [learner], roleIds: [SA_ROLE] }, allMenus.token);
    expect(grantSa).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '只有超级管理员可以分配超级管理员角色' });
    const grantLog = await t.call(sysUserBatchRole.path, { ids: [learner], roleIds: [LOG_ROLE] }, uaFull.token);
    expect(grantLog.code).toBe(ErrorCode.NO_PERMISSION);
    expect(grantLog.msg).toContain('日志查看');
    expect(await rolesOf(learner)).toEqual([STUDENT_ROLE]);
    expect((await t.call(sysUserBatchRole.path, { ids: [learner], roleIds: [LOG_ROLE] }, allMenus.token)).code).toBe(0);
  });

  it('save: does not create a user with a higher role', async () => {
    const body = { userName: 'new_sa', realName: '新超管', password: 'abc123', deptId: tech, roleIds: [SA_ROLE] };
    const res = await t.call(sysUserSave.path, body, allMenus.token);
    expect(res).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '只有超级管理员可以分配超级管理员角色' });
    expect((await t.call(sysUserSave.path, { ...body, roleIds: [LOG_ROLE] }, uaFull.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await t.call(sysUserSave.path, body, sa)).code).toBe(0);
  });

  it('import: refuses rows granting a higher role, and imports nothing', async () => {
    const file = await sheetOf(
      [...USER_IMPORT_COLUMNS],
      [
        ['imp_sa', '导入超管', '', 'D001D001', 'sa', 'abc123', '正常'],
        ['imp_log', '导入日志', '', 'D001D001', 'log_reader', 'abc123', '正常'],
        ['imp_ok', '导入学员', '', 'D001D001', 'student', 'abc123', '正常'],
      ],
    );
    const res = await upload(t, sysUserImport.path, file, uaFull.token);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    const errors = res.data.errors as { row: number; column: string; reason: string }[];
    expect(errors).toEqual([
      { row: 2, column: '角色编码', reason: '只有超级管理员可以分配超级管理员角色' },
      expect.objectContaining({ row: 3, column: '角色编码', reason: expect.stringContaining('日志查看') }),
    ]);
    const imported = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'imp_ok'));
    expect(imported).toEqual([]);
  });

  it('refuses self-changes through user administration; the profile call stays theirs', async () => {
    const own = await roleId(t, 'r_ua4');
    const calls: [string, unknown, string][] = [
      [sysUserResetPass.path, { id: ua4.id, password: 'mine1234' }, '不能在用户管理中重置当前登录账号的密码'],
      [sysUserUpdate.path, profile(ua4.id, 'ua4', [own]), '不能在用户管理中修改当前登录的账号'],
      [sysUserState.path, { ids: [ua4.id], state: 0 }, '不能禁用当前登录的账号'],
      [sysUserBatchDept.path, { ids: [ua4.id], deptId: market }, '不能修改当前登录账号的部门'],
      [sysUserBatchRole.path, { ids: [ua4.id], roleIds: [own] }, '不能修改当前登录账号的角色'],
    ];
    for (const [path, body, msg] of calls) {
      const res = await t.call(path, body, ua4.token);
      expect(res.code, path).toBe(ErrorCode.CONFLICT);
      expect(res.msg, path).toContain(msg);
    }
    // ua4 may not delete at all; the administrator with every user menu may not delete themself.
    const del = await t.call(sysUserDelete.path, { ids: [uaFull.id] }, uaFull.token);
    expect(del).toMatchObject({ code: ErrorCode.CONFLICT, msg: '不能删除当前登录的账号' });
    expect(await t.login('ua4', 'admin123')).toBeTruthy();
    expect((await rowOf(ua4.id)).deptId).toBe(tech);
    const ownProfile = await t.call(sysUserUpdateProfile.path, { realName: '自己改名' }, ua4.token);
    expect(ownProfile.code).toBe(0);
    expect((await rowOf(ua4.id)).realName).toBe('自己改名');
  });

  it('marks the users the viewer may not change as locked in the list and the detail', async () => {
    const list = async (token: string) => {
      const res = await t.call(sysUserPaging.path, { current: 1, size: 100, params: {} }, token);
      expect(res.code).toBe(0);
      return new Map(res.data.records.map((r: { userName: string; locked: boolean }) => [r.userName, r.locked]));
    };
    const byUa4 = await list(ua4.token);
    expect(byUa4.get('admin')).toBe(true);
    expect(byUa4.get('ua4')).toBe(true);
    expect(byUa4.get('peer_menus')).toBe(true);
    expect(byUa4.get('student')).toBe(false);
    expect(byUa4.get('ua3')).toBe(false);
    const bySa = await list(sa);
    expect(bySa.get('admin')).toBe(true);
    expect(bySa.get('ua4')).toBe(false);
    expect(bySa.get('sa_move')).toBe(false);
    const detail = await t.call(sysUserDetail.path, { id: await userId(t, 'admin') }, ua4.token);
    expect(detail.data.locked).toBe(true);
  });
});
