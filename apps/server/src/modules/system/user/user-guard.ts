/**
 * Who may change which user: the one guard of every user-changing call of user
 * administration (update, state, reset-pass, delete, batch-dept, batch-role) and of every role
 * grant (save, update, batch-role, import).
 *
 * - Nobody changes a user who holds more than they do: a role of the super administrator `sa`
 *   (only `sa` holders act on `sa` holders), a menu or permission the actor's roles do not grant,
 *   or a wider data scope. Data scope 4 (全部) is no exception: it widens whom one sees, not what
 *   one may take over.
 * - Nobody grants a role that gives more than they hold: `sa` only by `sa`, no wider data scope,
 *   no menu the actor lacks.
 * - Nobody changes their own account through these calls (their profile is edited through the
 *   profile call): a user administrator cannot raise, move or unlock themself.
 * A holder of `sa` holds every right and is exempt from the "holds more" rules.
 *
 * Refusals: 10010004 (no permission) for a user or role above the actor, 10010007 (conflict) for
 * the actor's own account, 10010003 for an unknown user or role.
 */
import { ErrorCode } from '@exam/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { type ScopeHolder, userScope } from '../data-scope.js';
import { SUPER_ROLE } from '../role/role-guard.js';

/** The user-changing calls of user administration. */
export type UserAction = 'update' | 'state' | 'reset-pass' | 'delete' | 'dept' | 'role';

const SELF_MESSAGES: Record<UserAction, string> = {
  update: '不能在用户管理中修改当前登录的账号，请在个人中心修改个人资料',
  state: '不能禁用当前登录的账号',
  'reset-pass': '不能在用户管理中重置当前登录账号的密码，请在个人中心修改密码',
  delete: '不能删除当前登录的账号',
  dept: '不能修改当前登录账号的部门',
  role: '不能修改当前登录账号的角色',
};

/** What a user holds: the `sa` role, the widest data scope of their roles, their menus. */
export interface Rights {
  isSa: boolean;
  dataScope: number;
  menuIds: Set<string>;
}

const refuse = (msg: string) => new AppError(ErrorCode.NO_PERMISSION, msg);

/**
 * Every id is a live user inside the actor's data scope: 10010003 for an unknown one, 10010004 for
 * one outside the scope. Reads (the detail) need only this; writes go on to `assertUsersChangeable`.
 */
export async function assertUsersInScope(
  db: Executor,
  actor: ScopeHolder,
  ids: string[],
): Promise<{ id: string; userName: string }[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: sysUser.id,
      userName: sysUser.userName,
      inScope: sql<boolean>`${userScope(actor)}`.mapWith(Boolean),
    })
    .from(sysUser)
    .where(and(inArray(sysUser.id, unique), isNull(sysUser.deletedAt)));
  if (rows.length < unique.length) throw notFound('用户');
  const outside = rows.find((r) => !r.inScope);
  if (outside) throw refuse(`用户 ${outside.userName} 不在您的数据权限范围内，无权查看或操作`);
  return rows;
}

/** The rights of each user (users without roles hold nothing: data scope 1, no menus). */
export async function rightsOfUsers(db: Executor, userIds: string[]): Promise<Map<string, Rights>> {
  const out = new Map<string, Rights>();
  const ids = [...new Set(userIds)];
  for (const id of ids) out.set(id, { isSa: false, dataScope: 1, menuIds: new Set() });
  if (ids.length === 0) return out;
  const roles = await db
    .select({ userId: sysUserRole.userId, roleId: sysRole.id, code: sysRole.code, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(inArray(sysUserRole.userId, ids));
  const menusByRole = await menusOfEachRole(db, [...new Set(roles.map((r) => r.roleId))]);
  for (const r of roles) {
    const rights = out.get(r.userId) as Rights;
    if (r.code === SUPER_ROLE) rights.isSa = true;
    rights.dataScope = Math.max(rights.dataScope, r.dataScope);
    for (const m of menusByRole.get(r.roleId) ?? []) rights.menuIds.add(m);
  }
  return out;
}

async function menusOfEachRole(db: Executor, roleIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({ roleId: sysRoleMenu.roleId, menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(inArray(sysRoleMenu.roleId, roleIds));
  for (const r of rows) out.set(r.roleId, [...(out.get(r.roleId) ?? []), r.menuId]);
  return out;
}

export async function rightsOf(db: Executor, userId: string): Promise<Rights> {
  return (await rightsOfUsers(db, [userId])).get(userId) as Rights;
}

/** Why `actor` may not change a user holding `target` (null: they may). Self is the caller's rule. */
export function lockReason(actor: Rights, target: Rights, userName: string): string | null {
  if (actor.isSa) return null;
  if (target.isSa) return `用户 ${userName} 是超级管理员，只有超级管理员可以修改`;
  if (target.dataScope > actor.dataScope) return `用户 ${userName} 的数据权限高于您，无权修改`;
  for (const m of target.menuIds) if (!actor.menuIds.has(m)) return `用户 ${userName} 拥有您没有的菜单或权限，无权修改`;
  return null;
}

/** Which of the listed users the actor may not change through user administration. */
export async function lockedUsers(db: Executor, actor: ScopeHolder, userIds: string[]): Promise<Set<string>> {
  const rights = await rightsOfUsers(db, [actor.id, ...userIds]);
  const mine = rights.get(actor.id) as Rights;
  return new Set(userIds.filter((id) => id === actor.id || lockReason(mine, rights.get(id) as Rights, '') !== null));
}

/**
 * The guard of every user-changing call: each id is a live user inside the actor's data scope,
 * not the actor, and holding nothing the actor lacks. Answers the actor's rights for the role
 * checks that follow.
 */
export async function assertUsersChangeable(
  db: Executor,
  actor: ScopeHolder,
  ids: string[],
  action: UserAction,
): Promise<Rights> {
  const unique = [...new Set(ids)];
  if (unique.includes(actor.id)) throw conflict(SELF_MESSAGES[action]);
  const rows = await assertUsersInScope(db, actor, unique);
  const rights = await rightsOfUsers(db, [actor.id, ...unique]);
  const mine = rights.get(actor.id) as Rights;
  for (const r of rows) {
    const reason = lockReason(mine, rights.get(r.id) as Rights, r.userName);
    if (reason) throw refuse(reason);
  }
  return mine;
}

/** A role as grants see it. */
export interface GrantRole {
  id: string;
  code: string;
  name: string;
  dataScope: number;
}

/**
 * Why `actor` may not grant each role (a map of role id to the reason; absent: they may): `sa`
 * only by `sa`, no wider data scope, no menu the actor lacks.
 */
export async function grantIssues(db: Executor, actor: Rights, roles: GrantRole[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (actor.isSa || roles.length === 0) return out;
  const menusByRole = await menusOfEachRole(
    db,
    roles.map((r) => r.id),
  );
  const lacking = new Set<string>();
  for (const role of roles) {
    if (role.code === SUPER_ROLE) out.set(role.id, '只有超级管理员可以分配超级管理员角色');
    else if (role.dataScope > actor.dataScope) out.set(role.id, `角色 ${role.name} 的数据权限高于您，无权分配`);
    else {
      const missing = (menusByRole.get(role.id) ?? []).filter((m) => !actor.menuIds.has(m));
      if (missing.length) {
        out.set(role.id, '');
        for (const m of missing) lacking.add(m);
      }
    }
  }
  if (lacking.size) {
    const titles = await db
      .select({ id: sysMenu.id, title: sysMenu.title })
      .from(sysMenu)
      .where(inArray(sysMenu.id, [...lacking]));
    const titleOf = new Map(titles.map((t) => [t.id, t.title]));
    for (const role of roles) {
      if (out.get(role.id) !== '') continue;
      const missing = (menusByRole.get(role.id) ?? []).filter((m) => !actor.menuIds.has(m)).slice(0, 5);
      out.set(
        role.id,
        `角色 ${role.name} 包含您自己没有的菜单或权限（${missing.map((m) => titleOf.get(m) ?? m).join('、')}），无权分配`,
      );
    }
  }
  return out;
}

/** The roles must exist and the actor may grant each of them (10010003, 10010004). */
export async function assertRolesGrantable(db: Executor, actor: Rights, roleIds: string[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  const roles = await db
    .select({ id: sysRole.id, code: sysRole.code, name: sysRole.name, dataScope: sysRole.dataScope })
    .from(sysRole)
    .where(inArray(sysRole.id, unique));
  if (roles.length < unique.length) throw notFound('角色');
  const issues = await grantIssues(db, actor, roles);
  const first = roles.find((r) => issues.has(r.id));
  if (first) throw refuse(issues.get(first.id) as string);
}
