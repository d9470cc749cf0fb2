/**
 * The token and permission cache on the real app: a valid token is served from it, and a
 * sign-out, a disabled user or a changed role is refused on the very next call.
 */
import {
  DataScope,
  ErrorCode,
  sysRoleListMenus,
  sysRoleSaveMenus,
  sysUserInfo,
  sysUserLogout,
  sysUserPaging,
  sysUserState,
} from '@exam/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRole, sysToken, sysUser } from '../db/schema/index.js';
import { createAdmin } from '../modules/system/user/user.test-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { hashToken } from './auth.js';
import { authCache, authChanged } from './auth-cache.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const info = (token: string) => t.call(sysUserInfo.path, {}, token);
const idOf = async (userName: string) =>
  (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, userName)))[0].id;

describe('the token cache', () => {
  it('serves a token it checked from memory, not the database, until a change is announced', async () => {
    const token = await t.login('lisi', 'student123');
    expect((await info(token)).code).toBe(0);
    expect(authCache.getToken(hashToken(token))).toBeDefined();
    // Deleted behind the platform's back: still served, since nobody said so.
    await t.db.delete(sysToken).where(eq(sysToken.tokenHash, hashToken(token)));
    expect((await info(token)).code).toBe(0);
    await authChanged({ tokens: [hashToken(token)] });
    expect((await info(token)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('refuses a signed-out token on the next call', async () => {
    const token = await t.login('wangwu', 'student123');
    expect((await info(token)).code).toBe(0);
    expect(authCache.getToken(hashToken(token))).toBeDefined();
    expect((await t.call(sysUserLogout.path, {}, token)).code).toBe(0);
    expect((await info(token)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('refuses a user disabled by an administrator on the next call', async () => {
    const token = await t.login('student', 'student123');
    expect((await info(token)).code).toBe(0);
    expect(authCache.getToken(hashToken(token))).toBeDefined();
    const id = await idOf('student');
    expect((await t.call(sysUserState.path, { ids: [id], state: 1 }, admin)).code).toBe(0);
    try {
      expect((await info(token)).code).toBe(ErrorCode.NOT_LOGIN);
    } finally {
      expect((await t.call(sysUserState.path, { ids: [id], state: 0 }, admin)).code).toBe(0);
    }
  });
});

describe('the permission cache', () => {
  it('refuses an administrator whose role lost the permission on the next call', async () => {
    const { token, id } = await createAdmin(t, 'cacheadmin', DataScope.ALL, 'D001');
    const paging = () => t.call(sysUserPaging.path, { current: 1, size: 10 }, token);
    expect((await paging()).code).toBe(0);
    expect(authCache.getPermissions(id)).toContain('sys:user:view');
    const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'r_cacheadmin'));
    const held = (await t.call<string[]>(sysRoleListMenus.path, { id: role.id }, admin)).data;
    const [view] = await t.db
      .select({ id: sysMenu.id })
      .from(sysMenu)
      .where(and(eq(sysMenu.permission, 'sys:user:view'), inArray(sysMenu.id, held)));
    const save = (menuIds: string[]) => t.call(sysRoleSaveMenus.path, { id: role.id, menuIds }, admin);
    expect((await save(held.filter((m) => m !== view.id))).code).toBe(0);
    expect((await paging()).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await save(held)).code).toBe(0);
    expect((await paging()).code).toBe(0);
  });
});
