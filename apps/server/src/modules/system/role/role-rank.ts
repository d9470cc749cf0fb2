/**
 * Rank among roles, the user guard's rule (user/user-guard.ts) applied to the role itself: an
 * administrator edits, re-grants or deletes only a role that gives nothing they lack (its menus and
 * data scope are theirs too) and that nobody outside their reach holds (a holder outside their data
 * scope, or one holding more than they do through any other role). Otherwise a role edit would
 * demote a more powerful colleague. `sa` holders are exempt, as everywhere.
 */
import { ErrorCode } from '@exam/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { type ScopeHolder, userScope } from '../data-scope.js';
import { type Rights, rightsOf } from '../user/user-guard.js';
import { SUPER_ROLE } from './role-guard.js';

const refuse = (msg: string) => new AppError(ErrorCode.NO_PERMISSION, msg);

/** Ids of the roles giving something `actor` lacks: `sa`, a wider data scope, a menu not theirs. */
export async function rolesAbove(db: Executor, actor: Rights): Promise<Set<string>> {
  const roles = await db.select({ id: sysRole.id, code: sysRole.code, dataScope: sysRole.dataScope }).from(sysRole);
  const grants = await db.select({ roleId: sysRoleMenu.roleId, menuId: sysRoleMenu.menuId }).from(sysRoleMenu);
  const above = new Set(roles.filter((r) => r.code === SUPER_ROLE || r.dataScope > actor.dataScope).map((r) => r.id));
  for (const g of grants) if (!actor.menuIds.has(g.menuId)) above.add(g.roleId);
  return above;
}

interface RankedRole {
  id: string;
  code: string;
  name: string;
  dataScope: number;
}

async function whyAbove(db: Executor, mine: Rights, role: RankedRole): Promise<string> {
  if (role.code === SUPER_ROLE) return '只有超级管理员可以管理超级管理员角色';
  if (role.dataScope > mine.dataScope) return `角色“${role.name}”的数据权限高于您，无权修改或删除`;
  const menus = await db
    .select({ id: sysMenu.id, title: sysMenu.title })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(eq(sysRoleMenu.roleId, role.id));
  const missing = menus.filter((m) => !mine.menuIds.has(m.id)).slice(0, 5);
  return `角色“${role.name}”包含您自己没有的菜单或权限（${missing.map((m) => m.title).join('、')}），无权修改或删除`;
}

/** Refuses (10010004) a change of `role` by an administrator it outranks or whose reach it leaves. */
export async function assertRoleInReach(db: Executor, actor: ScopeHolder, role: RankedRole): Promise<void> {
  const mine = await rightsOf(db, actor.id);
  if (mine.isSa) return;
  const above = await rolesAbove(db, mine);
  if (above.has(role.id)) throw refuse(await whyAbove(db, mine, role));
  const holders = await db
    .select({
      userName: sysUser.userName,
      inScope: sql<boolean>`${userScope(actor)}`.mapWith(Boolean),
      above:
        above.size === 0
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${sysUserRole} other where other.user_id = ${sysUser.id}
              and ${inArray(sql`other.role_id`, [...above])})`.mapWith(Boolean),
    })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .where(and(eq(sysUserRole.roleId, role.id), isNull(sysUser.deletedAt)));
  const outside = holders.find((h) => !h.inScope);
  if (outside)
    throw refuse(`角色“${role.name}”的用户 ${outside.userName} 不在您的数据权限范围内，无权修改或删除该角色`);
  const higher = holders.find((h) => h.above);
  if (higher) throw refuse(`角色“${role.name}”的用户 ${higher.userName} 的权限高于您，无权修改或删除该角色`);
}
