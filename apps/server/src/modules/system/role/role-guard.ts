/**
 * Who may change which role: an administrator never grants a menu or permission
 * they do not hold themself, never edits a role they hold (that would raise their own rights),
 * and never touches the built-in super administrator role `sa`. A holder of `sa` is exempt: they
 * hold every menu already, and somebody must be able to manage `sa`.
 */
import { ErrorCode } from '@exam/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';

export const SUPER_ROLE = 'sa';

export interface RoleActor {
  id: string;
  dataScope: number;
}

const refuse = (msg: string) => new AppError(ErrorCode.NO_PERMISSION, msg);

/** Role ids and codes the actor holds. */
async function heldRoles(db: Executor, userId: string) {
  return db
    .select({ id: sysRole.id, code: sysRole.code })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
}

export async function isSuperAdmin(db: Executor, userId: string): Promise<boolean> {
  return (await heldRoles(db, userId)).some((r) => r.code === SUPER_ROLE);
}

/** Refuses changes to a role the actor holds, or to `sa` by someone who does not hold it. */
export async function assertRoleEditable(
  db: Executor,
  actor: RoleActor,
  role: { id: string; code: string; name: string },
): Promise<void> {
  const held = await heldRoles(db, actor.id);
  if (held.some((r) => r.code === SUPER_ROLE)) return;
  if (role.code === SUPER_ROLE) throw refuse('只有超级管理员可以管理超级管理员角色');
  if (held.some((r) => r.id === role.id)) throw refuse(`不能修改您自己所属的角色“${role.name}”`);
}

/** Refuses a data scope wider than the actor's own (unless super administrator). */
export async function assertScopeGrantable(db: Executor, actor: RoleActor, dataScope: number): Promise<void> {
  if (dataScope > actor.dataScope && !(await isSuperAdmin(db, actor.id))) throw refuse('不能授予高于您自己的数据权限');
}

/** Refuses menus among `menuIds` that the actor's roles do not grant (unless super administrator). */
export async function assertMenusHeld(db: Executor, actor: RoleActor, menuIds: string[]): Promise<void> {
  if (menuIds.length === 0 || (await isSuperAdmin(db, actor.id))) return;
  const held = db
    .select({ id: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleMenu.roleId))
    .where(eq(sysUserRole.userId, actor.id));
  const missing = await db
    .select({ title: sysMenu.title })
    .from(sysMenu)
    .where(and(inArray(sysMenu.id, menuIds), notInArray(sysMenu.id, held)))
    .limit(5);
  if (missing.length) throw refuse(`不能授予您自己没有的菜单或权限：${missing.map((m) => m.title).join('、')}`);
}

/** Refuses a permission tag the actor's roles do not grant (unless super administrator). */
export async function assertPermissionHeld(db: Executor, actor: RoleActor, tag: string): Promise<void> {
  if (await isSuperAdmin(db, actor.id)) return;
  const [held] = await db
    .select({ id: sysMenu.id })
    .from(sysUserRole)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysUserRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(eq(sysUserRole.userId, actor.id), eq(sysMenu.permission, tag)))
    .limit(1);
  if (!held) throw refuse(`不能设置您自己没有的权限标识：${tag}`);
}

/** Menus granted to the given roles: what assigning them to a user hands over. */
export async function menusOfRoles(db: Executor, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(inArray(sysRoleMenu.roleId, roleIds));
  return rows.map((r) => r.id);
}
