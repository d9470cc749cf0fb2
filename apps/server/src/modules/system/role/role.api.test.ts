import {
  ErrorCode,
  sysLogPaging,
  sysMenuDelete,
  sysMenuDetail,
  sysMenuRoutes,
  sysMenuSave,
  sysMenuSort,
  sysMenuTree,
  sysRoleDelete,
  sysRoleDetail,
  sysRoleList,
  sysRoleListMenus,
  sysRolePaging,
  sysRoleSave,
  sysRoleSaveMenus,
  type TMenuNode,
  type TMenuRoute,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser, sysUserRole } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const flatten = (nodes: TMenuNode[]): TMenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
async function menus(): Promise<TMenuNode[]> {
  return flatten((await t.call<TMenuNode[]>(sysMenuTree.path, {}, admin)).data);
}
const key = (all: TMenuNode[], k: string) => all.find((m) => m.catalogueKey === k) as TMenuNode;

describe('roles', () => {
  it('pages, lists and details roles', async () => {
    const paging = await t.call(sysRolePaging.path, { current: 1, size: 10, params: { keyword: '管理' } }, admin);
    expect(paging.code).toBe(0);
    expect(paging.data.records.map((r: { code: string }) => r.code).sort()).toEqual(['dept_admin', 'sa']);
    const list = await t.call(sysRoleList.path, {}, admin);
    expect(list.data.map((r: { code: string }) => r.code)).toContain('student');
    const sa = paging.data.records.find((r: { code: string }) => r.code === 'sa');
    const detail = await t.call(sysRoleDetail.path, { id: sa.id }, admin);
    expect(detail.data).toMatchObject({ code: 'sa', builtIn: true, roleType: 2, dataScope: 4, userCount: 1 });
  });

  it('creates, updates and refuses a taken code with 10010006', async () => {
    const body = { code: 'auditor', name: '审计员', roleType: 2, dataScope: 3 };
    const created = await t.call(sysRoleSave.path, body, admin);
    expect(created.code).toBe(0);
    const again = await t.call(sysRoleSave.path, { ...body, name: '另一个' }, admin);
    expect(again.code).toBe(ErrorCode.DUPLICATE);
    expect(again.msg).toContain('auditor');
    const updated = await t.call(sysRoleSave.path, { ...body, id: created.data.id, name: '审计' }, admin);
    expect(updated.code).toBe(0);
    expect((await t.call(sysRoleDetail.path, { id: created.data.id }, admin)).data.name).toBe('审计');
  });

  it('names the field of bad input', async () => {
    const res = await t.call(sysRoleSave.path, { code: 'x1', name: '角色', roleType: 5 }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('角色类型');
    const code = await t.call(sysRoleSave.path, { code: '1bad', name: '角色', roleType: 1 }, admin);
    expect(code.msg).toContain('角色编码');
  });

  it('refuses deleting built-in roles and roles held by users', async () => {
    const { data } = await t.call(sysRolePaging.path, { params: {} }, admin);
    const byCode = (c: string) => data.records.find((r: { code: string }) => r.code === c);
    const builtIn = await t.call(sysRoleDelete.path, { ids: [byCode('student').id] }, admin);
    expect(builtIn.code).toBe(ErrorCode.CONFLICT);
    expect(builtIn.msg).toContain('内置角色');
    const held = await t.call(sysRoleDelete.path, { ids: [byCode('dept_admin').id] }, admin);
    expect(held.code).toBe(ErrorCode.CONFLICT);
    expect(held.msg).toContain('用户');
    expect((await t.call(sysRoleDelete.path, { ids: [byCode('auditor').id] }, admin)).code).toBe(0);
  });

  it('grants menus to a role and /api/sys/menu/routes reflects them', async () => {
    const all = await menus();
    const role = await t.call(sysRoleSave.path, { code: 'logman', name: '日志员', roleType: 2, dataScope: 4 }, admin);
    const grant = [key(all, 'sys'), key(all, 'sys-log'), key(all, 'sys:log:view')].map((m) => m.id);
    expect((await t.call(sysRoleSaveMenus.path, { id: role.data.id, menuIds: grant }, admin)).code).toBe(0);
    const listed = await t.call(sysRoleListMenus.path, { id: role.data.id }, admin);
    expect(listed.data.sort()).toEqual([...grant].sort());

    // Give the role to wangwu (a learner until now) and check the routes and the permission.
    const [wangwu] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
    await t.db.insert(sysUserRole).values({ userId: wangwu.id, roleId: role.data.id });
    const token = await t.login('wangwu', 'student123');
    const routes = await t.call<TMenuRoute[]>(sysMenuRoutes.path, {}, token);
    expect(routes.data).toHaveLength(1);
    expect(routes.data[0].children?.map((c) => c.path)).toEqual(['log']);
    expect((await t.call(sysLogPaging.path, {}, token)).code).toBe(0);
    expect((await t.call(sysRolePaging.path, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);

    // Replacing the grants takes them away again.
    await t.call(sysRoleSaveMenus.path, { id: role.data.id, menuIds: [key(all, 'sys').id] }, admin);
    expect((await t.call(sysLogPaging.path, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);
    const unknown = await t.call(sysRoleSaveMenus.path, { id: role.data.id, menuIds: ['nope'] }, admin);
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('menus', () => {
  it('answers the tree, a detail, and saves, sorts and deletes a custom menu', async () => {
    const all = await menus();
    const sys = key(all, 'sys');
    expect(sys.children?.map((c) => c.catalogueKey)).toContain('sys-user');
    expect((await t.call(sysMenuDetail.path, { id: sys.id }, admin)).data.title).toBe('系统管理');

    const body = { parentId: sys.id, type: 1, title: '报表', path: 'report', component: 'admin/sys/report', sort: 20 };
    const saved = await t.call(sysMenuSave.path, body, admin);
    expect(saved.code).toBe(0);
    const fn = await t.call(
      sysMenuSave.path,
      { parentId: saved.data.id, type: 2, title: '导出', permission: 'sys:report:export' },
      admin,
    );
    expect(fn.code).toBe(0);
    const refused = await t.call(sysMenuDelete.path, { ids: [saved.data.id] }, admin);
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.msg).toContain('子菜单');
    expect((await t.call(sysMenuSort.path, { id: saved.data.id, sort: 3 }, admin)).code).toBe(0);
    expect((await t.call(sysMenuDetail.path, { id: saved.data.id }, admin)).data.sort).toBe(3);
    expect((await t.call(sysMenuDelete.path, { ids: [fn.data.id, saved.data.id] }, admin)).code).toBe(0);
    expect((await t.call(sysMenuDetail.path, { id: saved.data.id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('validates the fields each type needs and protects built-in menus', async () => {
    const fn = await t.call(sysMenuSave.path, { type: 2, title: '功能' }, admin);
    expect(fn.code).toBe(ErrorCode.BAD_PARAMS);
    expect(fn.msg).toContain('权限标识');
    const menu = await t.call(sysMenuSave.path, { type: 1, title: '菜单', component: 'Layout' }, admin);
    expect(menu.msg).toContain('路由地址');
    const all = await menus();
    const builtIn = await t.call(sysMenuDelete.path, { ids: [key(all, 'sys:log:view').id] }, admin);
    expect(builtIn.code).toBe(ErrorCode.CONFLICT);
    const sys = key(all, 'sys');
    const loop = await t.call(sysMenuSave.path, { ...sys, parentId: key(all, 'sys-user').id }, admin);
    expect(loop.code).toBe(ErrorCode.BAD_PARAMS);
    expect(loop.msg).toContain('上级菜单');
  });
});
