/**
 * Who a notice is for, with the exam open-type rules (modules/exam/exam-rules.ts): 1 everyone,
 * 2 departments and their sub-departments (path-code prefix), 3 named people. The audience is
 * evaluated live from the notice's columns, never copied per person, so a 10,000-person audience
 * costs one set-based statement, not 10,000 rows written per request.
 */
import { DataScope, UserState } from '@exam/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { sysDepart, sysNotice, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { badParams } from '../../platform/errors.js';
import { deptInScope, userScope } from '../system/data-scope.js';

export type NoticeRow = typeof sysNotice.$inferSelect;
export type Audience = Pick<NoticeRow, 'openType' | 'deptIds' | 'userIds'>;

/*
 * The correlated subqueries below name their tables with fixed aliases in plain SQL: Drizzle
 * drops table qualifiers from the select list of a one-table query, which would make a column
 * such as "id" resolve to the inner table.
 */
const DEPT_AND_BELOW = sql`select c.id from sys_depart c join sys_depart p on c.code like p.code || '%'`;

/** Condition on sys_user: the user belongs to the audience given by values (one notice). */
export function userInAudience(a: Audience): SQL {
  if (a.openType === 1) return sql`true`;
  if (a.openType === 2) {
    if (a.deptIds.length === 0) return sql`false`;
    return sql`${sysUser.deptId} in (${DEPT_AND_BELOW} where ${inArray(sql`p.id`, a.deptIds)})`;
  }
  if (a.userIds.length === 0) return sql`false`;
  return inArray(sysUser.id, a.userIds);
}

/** Condition on sys_user `u`: the user belongs to the audience of the outer query's sys_notice row. */
export function userInNoticeRow(): SQL {
  return sql`(sys_notice.open_type = 1
    or (sys_notice.open_type = 2 and u.dept_id in (${DEPT_AND_BELOW} where p.id = any(sys_notice.dept_ids)))
    or (sys_notice.open_type = 3 and u.id = any(sys_notice.user_ids)))`;
}

/** Condition on sys_notice: the notice is addressed to this user (same rules, from the user's side). */
export function noticeOpenTo(user: Pick<AuthUser, 'id' | 'deptCode'>): SQL {
  const deptMatch = user.deptCode
    ? sql`exists (select 1 from sys_depart d where d.id = any(sys_notice.dept_ids) and ${user.deptCode} like d.code || '%')`
    : sql`false`;
  return sql`(sys_notice.open_type = 1
    or (sys_notice.open_type = 2 and ${deptMatch})
    or (sys_notice.open_type = 3 and ${user.id} = any(sys_notice.user_ids)))`;
}

/** Live users of a notice's audience: active accounts (not deleted, state 0 正常) matching the rules. */
export const audienceWhere = (a: Audience): SQL =>
  and(isNull(sysUser.deletedAt), eq(sysUser.state, UserState.NORMAL), userInAudience(a)) as SQL;

/**
 * An administrator may only address people inside their data scope (system/data-scope.ts):
 * everyone needs the whole-organisation scope, departments must lie in scope, and so must people.
 */
export async function assertAudienceInScope(db: Executor, admin: AuthUser, a: Audience): Promise<void> {
  if (admin.dataScope >= DataScope.ALL) {
    await assertTargetsExist(db, a);
    return;
  }
  if (a.openType === 1) throw badParams('发布范围：您的数据范围不包含全部人员，请选择指定部门或指定人员');
  await assertTargetsExist(db, a);
  if (a.openType === 2) {
    const depts = await db.select().from(sysDepart).where(inArray(sysDepart.id, a.deptIds));
    if (depts.some((d) => !deptInScope(admin, d))) throw badParams('指定部门：包含不在您数据范围内的部门');
  } else {
    const inScope = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, a.userIds), userScope(admin)));
    if (inScope.length !== new Set(a.userIds).size) throw badParams('指定人员：包含不在您数据范围内的人员');
  }
}

async function assertTargetsExist(db: Executor, a: Audience): Promise<void> {
  if (a.openType === 2) {
    const found = await db.select({ id: sysDepart.id }).from(sysDepart).where(inArray(sysDepart.id, a.deptIds));
    if (found.length !== new Set(a.deptIds).size) throw badParams('指定部门：部门不存在或已被删除');
  } else if (a.openType === 3) {
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, a.userIds), isNull(sysUser.deletedAt)));
    if (found.length !== new Set(a.userIds).size) throw badParams('指定人员：用户不存在或已被删除');
  }
}

/** Notices an administrator may manage: created by someone inside their data scope. */
export const noticeInScope = (admin: AuthUser): SQL =>
  admin.dataScope >= DataScope.ALL ? sql`true` : userScope(admin, sysNotice.createdBy);

/** The notice row, locked when asked, if it exists and is within the administrator's scope. */
export async function findManagedNotice(
  db: Executor,
  admin: AuthUser,
  id: string,
  lock = false,
): Promise<NoticeRow | undefined> {
  const query = db
    .select()
    .from(sysNotice)
    .where(and(eq(sysNotice.id, id), isNull(sysNotice.deletedAt), noticeInScope(admin)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
