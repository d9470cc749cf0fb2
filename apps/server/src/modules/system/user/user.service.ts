/**
 * User administration: list, detail, create, update, delete, state, reset password,
 * batch department and batch roles. Every read and write is limited to the administrator's data
 * scope (system/data-scope.ts); every write goes through the user guard (user-guard.ts:
 * nobody changes a user holding more than they do); nothing answers the password hash.
 */
import {
  RoleType,
  type TBatchDept,
  type TBatchRole,
  type TUserPagingParams,
  type TUserRecord,
  type TUserSave,
  type TUserUpdate,
  UserState,
} from '@exam/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { sysDepart, sysRole, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { type AuthUser, authChanged, revokeUserTokens } from '../../../platform/auth.js';
import type { Db, Executor, Tx } from '../../../platform/db.js';
import { duplicate, isUniqueViolation } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';
import { type PageOf, paginateWith } from '../../../platform/paging.js';
import { hashPassword } from '../../../platform/password.js';
import { authorize, scopeOf } from '../../../platform/policy/index.js';
import { deptAndBelowIds, type ScopeHolder } from '../data-scope.js';
import { userPolicy } from './user.policy.js';
import { lockedUsers } from './user-guard.js';

/** The administrator acting, as the services need them. */
export type Actor = ScopeHolder & Pick<AuthUser, 'userName'>;

/** The filters of the list and the export, inside the actor's scope. */
export async function userFilter(db: Executor, actor: Actor, params: TUserPagingParams): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [isNull(sysUser.deletedAt), scopeOf(actor, userPolicy, 'list')];
  if (params.deptId) {
    const [dept] = await db.select({ code: sysDepart.code }).from(sysDepart).where(eq(sysDepart.id, params.deptId));
    conditions.push(dept ? inArray(sysUser.deptId, deptAndBelowIds(dept.code)) : sql`false`);
  }
  if (params.keyword) {
    const pattern = containing(params.keyword);
    conditions.push(
      or(ilike(sysUser.userName, pattern), ilike(sysUser.realName, pattern), ilike(sysUser.mobile, pattern)),
    );
  }
  if (params.state !== null && params.state !== undefined) conditions.push(eq(sysUser.state, params.state));
  if (params.roleId) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(sysUserRole)
          .where(and(eq(sysUserRole.userId, sysUser.id), eq(sysUserRole.roleId, params.roleId))),
      ),
    );
  }
  return and(...conditions) as SQL;
}

const recordColumns = {
  id: sysUser.id,
  userName: sysUser.userName,
  realName: sysUser.realName,
  mobile: sysUser.mobile,
  email: sysUser.email,
  avatar: sysUser.avatar,
  deptId: sysUser.deptId,
  deptCode: sysDepart.code,
  deptName: sysDepart.name,
  state: sysUser.state,
  remark: sysUser.remark,
  createdAt: sysUser.createdAt,
};

interface BaseRow {
  id: string;
  userName: string;
  realName: string;
  mobile: string | null;
  email: string | null;
  avatar: string | null;
  deptId: string | null;
  deptCode: string | null;
  deptName: string | null;
  state: number;
  remark: string | null;
  createdAt: Date;
}

type RolesRecord = Omit<TUserRecord, 'locked'> & { roleCodes: string[] };

/** Adds role ids, names and codes to user rows, and the ISO creation time. */
async function withRoles(db: Executor, rows: BaseRow[]): Promise<RolesRecord[]> {
  if (rows.length === 0) return [];
  const roles = await db
    .select({
      userId: sysUserRole.userId,
      id: sysRole.id,
      name: sysRole.name,
      code: sysRole.code,
      roleType: sysRole.roleType,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(
      inArray(
        sysUserRole.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(sysRole.roleType), asc(sysRole.code));
  return rows.map((row) => {
    const own = roles.filter((r) => r.userId === row.id);
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      roleIds: own.map((r) => r.id),
      roleNames: own.map((r) => r.name),
      roleCodes: own.map((r) => r.code),
      roleType: own.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER,
    };
  });
}

/** The records as lists and details answer them: `locked` marks users the actor may not change (user-guard.ts). */
async function asRecords(db: Executor, actor: Actor, rows: RolesRecord[]): Promise<TUserRecord[]> {
  const locked = await lockedUsers(
    db,
    actor,
    rows.map((r) => r.id),
  );
  return rows.map(({ roleCodes: _codes, ...record }) => ({ ...record, locked: locked.has(record.id) }));
}

/** One page of users visible to the actor. */
export async function pageUsers(
  db: Db,
  actor: Actor,
  params: TUserPagingParams,
  current: number,
  size: number,
): Promise<PageOf<TUserRecord>> {
  const where = await userFilter(db, actor, params);
  return paginateWith(
    { current, size },
    db.select({ n: count() }).from(sysUser).where(where),
    db
      .select(recordColumns)
      .from(sysUser)
      .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
      .where(where)
      .orderBy(desc(sysUser.createdAt), desc(sysUser.id))
      .$dynamic(),
    async (rows) => asRecords(db, actor, await withRoles(db, rows)),
  );
}

/** Every user matching the filters (the export), with role codes; capped at `limit`. */
export async function listUsers(db: Db, actor: Actor, params: TUserPagingParams, limit: number) {
  const rows = await db
    .select(recordColumns)
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(await userFilter(db, actor, params))
    .orderBy(asc(sysUser.createdAt), asc(sysUser.id))
    .limit(limit);
  return withRoles(db, rows);
}

/** One user inside the actor's scope. */
export async function userDetail(db: Db, actor: Actor, id: string): Promise<TUserRecord> {
  await authorize(db, actor, userPolicy, 'view', [id]);
  const rows = await db
    .select(recordColumns)
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(eq(sysUser.id, id));
  const [record] = await asRecords(db, actor, await withRoles(db, rows));
  return record;
}

/** A mobile may belong to one live user only (it identifies the account for forgot-password). */
async function assertMobileFree(db: Executor, mobile: string | null | undefined, exceptId?: string): Promise<void> {
  if (!mobile) return;
  const [taken] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.mobile, mobile), isNull(sysUser.deletedAt), exceptId ? ne(sysUser.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw duplicate(`手机号 ${mobile} 已被其他用户使用`);
}

const nameTaken = (userName: string) => duplicate(`用户名 ${userName} 已存在`);

/**
 * Creates a user with its roles; exactly one of two concurrent saves of a name wins. `alongside`
 * runs in the same transaction after the insert (a candidate's conversion moves its attempt there),
 * so a refusal in it leaves no user behind.
 */
export async function createUser(
  db: Db,
  actor: Actor,
  input: TUserSave,
  alongside?: (tx: Tx, userId: string) => Promise<void>,
): Promise<string> {
  await authorize(db, actor, userPolicy, 'create', { deptId: input.deptId, roleIds: input.roleIds });
  await assertMobileFree(db, input.mobile);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sysUser)
        .values({
          userName: input.userName,
          realName: input.realName,
          passwordHash,
          mobile: input.mobile ?? null,
          email: input.email ?? null,
          avatar: input.avatar ?? null,
          deptId: input.deptId,
          state: input.state,
          remark: input.remark ?? null,
        })
        .returning({ id: sysUser.id });
      await tx.insert(sysUserRole).values([...new Set(input.roleIds)].map((roleId) => ({ userId: row.id, roleId })));
      if (alongside) await alongside(tx, row.id);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.userName);
    throw err;
  }
}

/** Updates a user's profile, department, roles and state (not the password). */
export async function updateUser(db: Db, actor: Actor, input: TUserUpdate): Promise<void> {
  const rights = await authorize(db, actor, userPolicy, 'update', [input.id]);
  await authorize(db, actor, userPolicy, 'assignDept', input.deptId);
  await authorize(db, actor, userPolicy, 'grantRoles', { rights, roleIds: input.roleIds });
  await assertMobileFree(db, input.mobile, input.id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(sysUser)
        .set({
          userName: input.userName,
          realName: input.realName,
          mobile: input.mobile ?? null,
          email: input.email ?? null,
          ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
          deptId: input.deptId,
          ...(input.state !== undefined ? { state: input.state } : {}),
          remark: input.remark ?? null,
        })
        .where(eq(sysUser.id, input.id));
      await tx.delete(sysUserRole).where(eq(sysUserRole.userId, input.id));
      await tx.insert(sysUserRole).values([...new Set(input.roleIds)].map((roleId) => ({ userId: input.id, roleId })));
      if (input.state !== undefined && input.state !== UserState.NORMAL) await revokeUserTokens(tx, [input.id]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.userName);
    throw err;
  }
  await authChanged({ users: [input.id] });
}

/** Soft-deletes users and revokes their tokens; an administrator cannot delete themself. */
export async function deleteUsers(db: Db, actor: Actor, ids: string[], now: Date): Promise<void> {
  await authorize(db, actor, userPolicy, 'delete', ids);
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({ deletedAt: now })
      .where(and(inArray(sysUser.id, ids), isNull(sysUser.deletedAt)));
    await revokeUserTokens(tx, ids);
  });
  await authChanged({ users: ids });
}

/** Sets the state of users (approving a pending registration is state 0); revokes tokens unless normal. */
export async function setUserState(db: Db, actor: Actor, ids: string[], state: number): Promise<void> {
  await authorize(db, actor, userPolicy, 'state', ids);
  await db.transaction(async (tx) => {
    await tx.update(sysUser).set({ state }).where(inArray(sysUser.id, ids));
    if (state !== UserState.NORMAL) await revokeUserTokens(tx, ids);
  });
  await authChanged({ users: ids });
}

/** An administrator sets a new password; the user's tokens are revoked. */
export async function resetPassword(db: Db, actor: Actor, id: string, password: string): Promise<void> {
  await authorize(db, actor, userPolicy, 'reset-pass', [id]);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(sysUser).set({ passwordHash }).where(eq(sysUser.id, id));
    await revokeUserTokens(tx, [id]);
  });
  await authChanged({ users: [id] });
}

/** Moves users to a department. */
export async function batchDept(db: Db, actor: Actor, input: TBatchDept): Promise<void> {
  await authorize(db, actor, userPolicy, 'dept', input.ids);
  await authorize(db, actor, userPolicy, 'assignDept', input.deptId);
  await db.update(sysUser).set({ deptId: input.deptId }).where(inArray(sysUser.id, input.ids));
  await authChanged({ users: input.ids });
}

/** Replaces the roles of users. */
export async function batchRole(db: Db, actor: Actor, input: TBatchRole): Promise<void> {
  const rights = await authorize(db, actor, userPolicy, 'role', input.ids);
  await authorize(db, actor, userPolicy, 'grantRoles', { rights, roleIds: input.roleIds });
  const ids = [...new Set(input.ids)];
  const roleIds = [...new Set(input.roleIds)];
  await db.transaction(async (tx) => {
    await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, ids));
    await tx.insert(sysUserRole).values(ids.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId }))));
  });
  await authChanged({ users: ids });
}
