/** A role administrator cannot raise their own rights. */
import {
  DataScope,
  ErrorCode,
  sysMenuSave,
  sysRoleListMenus,
  sysRoleSave,
  sysRoleSaveMenus,
  sysUserBatchRole,
  sysUserInfo,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { catalogueMenuIds } from '../menu/sync-catalogue.js';
import { createAdmin, roleId } from '../user/user.test-helpers.js';

let t: TestApp;
let sa: string;
let roleAdmin: { token: string; id: string };
let ownRole: string;
const HELD = ['sys-role', 'sys:role:view', 'sys:role:save', 'sys:role:delete', 'sys:user:view', 'sys:user:save'];

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('admin', 'admin123');
  roleAdmin = await createAdmin(t, 'roleadmin', DataScope.OWN_DEPT, 'D001D001', HELD);
  ownRole = await roleId(t, 'r_roleadmin');
});
afterAll(async () => t.close());

const menuIds = (keys: string[]) => catalogueMenuIds(t.db, keys);
const saveMenus = (token: string, id: string, keys: string[]) =>
  menuIds(keys).then((ids) => t.call(sysRoleSaveMenus.path, { id, menuIds: ids }, token));
const saveRole = (token: string, body: object) => t.call(sysRoleSave.path, body, token);

describe('role administration cannot escalate', () => {
  it('refuses granting menus the administrator does not hold', async () => {
    const created = await saveRole(roleAdmin.token, { code: 'helpers', name: '助手', roleType: 2, dataScope: 1 });
    expect(created.code).toBe(0);
    const held = await saveMenus(roleAdmin.token, created.data.id, ['sys', 'sys-user', 'sys:user:view']);
    expect(held.code).toBe(0);
    const more = await saveMenus(roleAdmin.token, created.data.id, [
      'sys',
      'sys-user',
      'sys:user:view',
      'sys:user:delete',
    ]);
    expect(more.code).toBe(ErrorCode.NO_PERMISSION);
    expect(more.msg).toContain('不能授予您自己没有的菜单或权限');
    // Nothing half-written: the grants are those of before.
    const now = await t.call(sysRoleListMenus.path, { id: created.data.id }, sa);
    expect(now.data.sort()).toEqual((await menuIds(['sys', 'sys-user', 'sys:user:view'])).sort());
  });

  it('refuses editing a role the administrator holds, its menus or its data scope', async () => {
    const grant = await saveMenus(roleAdmin.token, ownRole, ['sys', 'sys-user', ...HELD, 'sys:user:delete']);
    expect(grant).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '不能修改您自己所属的角色“角色roleadmin”' });
    const widen = await saveRole(roleAdmin.token, {
      id: ownRole,
      code: 'r_roleadmin',
      name: '角色roleadmin',
      roleType: 2,
      dataScope: DataScope.ALL,
    });
    expect(widen.code).toBe(ErrorCode.NO_PERMISSION);
    const wide = await saveRole(roleAdmin.token, {
      code: 'wide',
      name: '全部数据',
      roleType: 2,
      dataScope: DataScope.ALL,
    });
    expect(wide).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '不能授予高于您自己的数据权限' });
  });

  it('leaves the super administrator role to super administrators', async () => {
    const saId = await roleId(t, 'sa');
    const strip = await saveMenus(roleAdmin.token, saId, ['sys']);
    expect(strip).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '只有超级管理员可以管理超级管理员角色' });
    const rename = await saveRole(roleAdmin.token, { id: saId, code: 'sa', name: '改名', roleType: 2, dataScope: 4 });
    expect(rename.code).toBe(ErrorCode.NO_PERMISSION);
    // The super administrator still manages every role, theirs included.
    const current = await t.call(sysRoleListMenus.path, { id: saId }, sa);
    expect((await t.call(sysRoleSaveMenus.path, { id: saId, menuIds: current.data }, sa)).code).toBe(0);
    expect((await saveMenus(sa, ownRole, ['sys', 'sys-user', ...HELD])).code).toBe(0);
  });

  it('refuses handing a role with more rights to a user, themself included', async () => {
    // Same data scope as the role administrator, but a menu they do not hold.
    const logs = await saveRole(sa, {
      code: 'log_reader',
      name: '日志查看',
      roleType: 2,
      dataScope: DataScope.OWN_DEPT,
    });
    expect((await saveMenus(sa, logs.data.id, ['sys', 'sys-log', 'sys:log:view'])).code).toBe(0);
    // Their own account is refused first (no self-changes through user administration);
    // the grant to another user is covered in user-guard.api.test.ts.
    for (const roleIds of [[logs.data.id], [await roleId(t, 'sa')]]) {
      const res = await t.call(sysUserBatchRole.path, { ids: [roleAdmin.id], roleIds }, roleAdmin.token);
      expect(res).toMatchObject({ code: ErrorCode.CONFLICT, msg: '不能修改当前登录账号的角色' });
    }
    expect((await t.call(sysUserInfo.path, {}, roleAdmin.token)).data.roles).toEqual(['r_roleadmin']);
  });

  it('refuses a menu permission tag the menu administrator does not hold', async () => {
    const menuAdmin = await createAdmin(t, 'menuadmin', DataScope.OWN_DEPT, 'D001D001', [
      'sys-menu',
      'sys:menu:view',
      'sys:menu:save',
    ]);
    const [parentId] = await menuIds(['sys-menu']);
    const body = { parentId, type: 2, title: '自定义功能' };
    const lacking = await t.call(sysMenuSave.path, { ...body, permission: 'sys:log:view' }, menuAdmin.token);
    expect(lacking).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '不能设置您自己没有的权限标识：sys:log:view' });
    expect((await t.call(sysMenuSave.path, { ...body, permission: 'sys:menu:view' }, menuAdmin.token)).code).toBe(0);
    expect((await t.call(sysMenuSave.path, { ...body, permission: 'sys:log:view' }, sa)).code).toBe(0);
  });
});
