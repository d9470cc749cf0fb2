/**
 * Data scope (DESIGN 4): which users an administrator may see and change, from the widest data
 * scope of their roles: 1 self, 2 own department, 3 department and below, 4 all. Conditions over
 * the system module's users and departments, so they live here (every module stands on system);
 * the scope itself comes with the signed-in user (platform/auth.ts, read by user/identity.ts).
 */
import { DataScope, ErrorCode } from '@exam/contracts';
import { and, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sysDepart, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/like.js';

/** The parts of the signed-in user that decide the scope. */
export type ScopeHolder = Pick<AuthUser, 'id' | 'deptId' | 'deptCode' | 'dataScope'>;

/** Ids of a department and all departments below it (path codes: a prefix match). */
export function deptAndBelowIds(deptCode: string): SQL {
  return sql`(select ${sysDepart.id} from ${sysDepart} where ${like(sysDepart.code, `${escapeLike(deptCode)}%`)})`;
}

/** Departments inside the administrator's scope: a condition on sys_depart (the SQL twin of `deptInScope`). */
export function deptScope(user: ScopeHolder): SQL {
  if (user.dataScope >= DataScope.ALL) return sql`true`;
  if (user.dataScope === DataScope.DEPT_AND_BELOW && user.deptCode)
    return like(sysDepart.code, `${escapeLike(user.deptCode)}%`);
  if ((user.dataScope === DataScope.DEPT_AND_BELOW || user.dataScope === DataScope.OWN_DEPT) && user.deptId)
    return eq(sysDepart.id, user.deptId);
  return sql`false`;
}

/** The condition on sys_user's own columns. */
function onSysUser(user: ScopeHolder): SQL {
  const scope = user.dataScope;
  if (scope >= DataScope.ALL) return sql`true`;
  if (scope === DataScope.DEPT_AND_BELOW && user.deptCode) {
    return inArray(sysUser.deptId, deptAndBelowIds(user.deptCode));
  }
  if ((scope === DataScope.DEPT_AND_BELOW || scope === DataScope.OWN_DEPT) && user.deptId) {
    return eq(sysUser.deptId, user.deptId);
  }
  // Self, or a department scope without a department: only the administrator themself.
  return eq(sysUser.id, user.id);
}

/**
 * A condition restricting rows to the users the administrator may see. Without a column it
 * applies to sys_user itself; given a user-id column of another table (papers, logs...), it
 * becomes `column in (select id from sys_user where ...)`.
 */
export function userScope(user: ScopeHolder, userIdColumn?: AnyPgColumn): SQL {
  if (user.dataScope >= DataScope.ALL) return sql`true`;
  if (!userIdColumn || userIdColumn === sysUser.id) return onSysUser(user);
  return inArray(
    userIdColumn,
    sql`(select ${sysUser.id} from ${sysUser} where ${and(isNull(sysUser.deletedAt), onSysUser(user))})`,
  );
}

/** Whether a department (by its id and path code) lies inside the administrator's scope. */
export function deptInScope(user: ScopeHolder, dept: { id: string; code: string }): boolean {
  if (user.dataScope >= DataScope.ALL) return true;
  if (user.dataScope === DataScope.DEPT_AND_BELOW && user.deptCode) return dept.code.startsWith(user.deptCode);
  if (user.dataScope === DataScope.DEPT_AND_BELOW || user.dataScope === DataScope.OWN_DEPT)
    return dept.id === user.deptId;
  return false;
}

/** Which of the users (existing ones) lie inside the administrator's data scope, and which outside. */
export async function splitByScope(
  db: Executor,
  admin: ScopeHolder,
  userIds: string[],
): Promise<{ inside: string[]; outside: string[] }> {
  if (userIds.length === 0) return { inside: [], outside: [] };
  const rows = await db
    .select({ id: sysUser.id, inScope: sql<boolean>`${onSysUser(admin)}`.mapWith(Boolean) })
    .from(sysUser)
    .where(inArray(sysUser.id, [...new Set(userIds)]));
  if (admin.dataScope >= DataScope.ALL) return { inside: rows.map((r) => r.id), outside: [] };
  return {
    inside: rows.filter((r) => r.inScope).map((r) => r.id),
    outside: rows.filter((r) => !r.inScope).map((r) => r.id),
  };
}

/**
 * Refuses (10010004, with `message`) when any of the users lies outside the administrator's data
 * scope. Unknown ids are left to the caller (its own 10010003), so this tells nothing of them.
 */
export async function assertUsersInScope(
  db: Executor,
  admin: ScopeHolder,
  userIds: string[],
  message = '该考生不在您的数据权限范围内，无权操作',
): Promise<void> {
  if (admin.dataScope >= DataScope.ALL) return;
  const { outside } = await splitByScope(db, admin, userIds);
  if (outside.length) throw new AppError(ErrorCode.NO_PERMISSION, message);
}
