/**
 * Rank among roles: an administrator of users and roles (data scope 全部, not super administrator)
 * cannot demote a more powerful colleague by editing, re-granting or deleting the colleague's role,
 * nor touch a role held by someone outside their reach; roles within their reach stay editable.
 */
import {
  DataScope,
  ErrorCode,
  sysRoleDelete,
  sysRoleDetail,
  sysRoleListMenus,
  sysRoleSave,
  sysRoleSaveMenus,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysRole, sysRoleMenu, sysUserRole } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { catalogueMenuIds } from '../menu/sync-catalogue.js';
import { ALL_USER_PERMISSIONS, createAdmin, roleId, userId } from '../user/user.test-helpers.js';

let t: TestApp;
let sa: string;
/** Users and roles, data scope 全部, not `sa`. */
let roleAdmin: { token: string; id: string };
/** The same menus, data scope 本部门及以下 in 技术部. */
let deptRoleAdmin: { token: string; id: string };
let colleagueRole: string;
const ROLE_MENUS = ['sys-role', 'sys:role:view', 'sys:role:save', 'sys:role:delete'];
const EXAM_RIGHTS = ['exam:exam:view', 'exam:exam:save', 'repo:repo:view', 'repo:qu:view'];

const menuIds = (keys: string[]) => catalogueMenuIds(t.db, keys);

/** A role made directly, with the given menus, held by the given users. */
async function makeRole(code: string, dataScope: number, keys: string[], holders: string[] = []) {
  const [role] = await t.db
    .insert(sysRole)
    .values({ code, name: code, roleType: 2, dataScope })
    .returning({ id: sysRole.id });
  const ids = await menuIds(keys);
  if (ids.length) await t.db.insert(sysRoleMenu).values(ids.map((menuId) => ({ roleId: role.id, menuId })));
  for (const u of holders) await t.db.insert(sysUserRole).values({ userId: u, roleId: role.id });
  return role.id;
}

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('admin', 'admin123');
  roleAdmin = await createAdmin(t, 'rankua', DataScope.ALL, 'D001D001', [...ALL_USER_PERMISSIONS, ...ROLE_MENUS]);
  deptRoleAdmin = await createAdmin(t, 'rankua3', DataScope.DEPT_AND_BELOW, 'D001D001', [
    ...ALL_USER_PERMISSIONS,
    ...ROLE_MENUS,
  ]);
  await createAdmin(t, 'examlead', DataScope.DEPT_AND_BELOW, 'D001D001', EXAM_RIGHTS);
  colleagueRole = await roleId(t, 'r_examlead');
});
afterAll(async () => t.close());

const detail = async (id: string) => (await t.call(sysRoleDetail.path, { id }, sa)).data;
const grants = async (id: string) => ((await t.call(sysRoleListMenus.path, { id }, sa)).data as string[]).sort();

describe('a role edit never demotes a more powerful colleague', () => {
  it("refuses narrowing the menus of a colleague's role that holds rights the administrator lacks", async () => {
    const before = await grants(colleagueRole);
    const res = await t.call(
      sysRoleSaveMenus.path,
      { id: colleagueRole, menuIds: await menuIds(['sys']) },
      roleAdmin.token,
    );
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect(res.msg).toContain('包含您自己没有的菜单或权限');
    expect(await grants(colleagueRole)).toEqual(before);
  });

  it('refuses lowering the data scope of that role, and deleting it', async () => {
    const res = await t.call(
      sysRoleSave.path,
      { id: colleagueRole, code: 'r_examlead', name: '角色examlead', roleType: 2, dataScope: DataScope.SELF },
      roleAdmin.token,
    );
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await detail(colleagueRole)).dataScope).toBe(DataScope.DEPT_AND_BELOW);
    const unheld = await makeRole('exam_unheld', DataScope.OWN_DEPT, EXAM_RIGHTS);
    const del = await t.call(sysRoleDelete.path, { ids: [unheld] }, roleAdmin.token);
    expect(del.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await detail(unheld)).id).toBe(unheld);
  });

  it('refuses a role within the menus of the administrator while a holder holds more through another role', async () => {
    const shared = await makeRole(
      'viewer_shared',
      DataScope.SELF,
      ['sys', 'sys-user', 'sys:user:view'],
      [await userId(t, 'examlead')],
    );
    const res = await t.call(sysRoleSaveMenus.path, { id: shared, menuIds: [] }, roleAdmin.token);
    expect(res).toMatchObject({ code: ErrorCode.NO_PERMISSION });
    expect(res.msg).toContain('examlead');
  });

  it('refuses a role held by a user outside the data scope, and allows it to a wider scope', async () => {
    const market = await makeRole(
      'market_helper',
      DataScope.SELF,
      ['sys', 'sys-user', 'sys:user:view'],
      [await userId(t, 'lisi')],
    );
    const scoped = await t.call(sysRoleSaveMenus.path, { id: market, menuIds: [] }, deptRoleAdmin.token);
    expect(scoped.code).toBe(ErrorCode.NO_PERMISSION);
    expect(scoped.msg).toContain('不在您的数据权限范围内');
    const wide = await t.call(sysRoleSaveMenus.path, { id: market, menuIds: [] }, roleAdmin.token);
    expect(wide.code, wide.msg).toBe(0);
  });

  it('lets the administrator edit, re-grant and delete a role within reach', async () => {
    const tech = await makeRole(
      'tech_helper',
      DataScope.OWN_DEPT,
      ['sys', 'sys-user', 'sys:user:view'],
      [await userId(t, 'student')],
    );
    const menus = await t.call(
      sysRoleSaveMenus.path,
      { id: tech, menuIds: await menuIds(['sys', 'sys-user', 'sys:user:view', 'sys:user:save']) },
      deptRoleAdmin.token,
    );
    expect(menus.code, menus.msg).toBe(0);
    const scope = await t.call(
      sysRoleSave.path,
      { id: tech, code: 'tech_helper', name: '技术助手', roleType: 2, dataScope: DataScope.SELF },
      deptRoleAdmin.token,
    );
    expect(scope.code, scope.msg).toBe(0);
    const spare = await makeRole('spare_helper', DataScope.SELF, ['sys', 'sys-user']);
    expect((await t.call(sysRoleDelete.path, { ids: [spare] }, roleAdmin.token)).code).toBe(0);
  });
});
