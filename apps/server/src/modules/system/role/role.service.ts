/** Roles and their menu grants. */
import type { TRoleSave } from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { authChanged } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { conflict, duplicate, isUniqueViolation, notFound } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';
import { paginate } from '../../../platform/paging.js';
import { authorize } from '../../../platform/policy/index.js';
import type { ScopeHolder } from '../data-scope.js';
import { iso } from '../tree.js';
import { rolePolicy } from './role.policy.js';

/**
 * Users holding the role, deleted users left out (their grant rows stay until the role goes). The
 * outer id is written table-qualified: Drizzle renders a bare `${sysRole.id}` as "id", which
 * inside the subquery would name the inner table's column.
 */
const userCount = sql<number>`(select count(*) from ${sysUserRole} ur join ${sysUser} u on u.id = ur.user_id
    and u.deleted_at is null where ur.role_id = ${sysRole}.id)`.mapWith(Number);

const toRole = (r: typeof sysRole.$inferSelect & { userCount: number }) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  roleType: r.roleType,
  dataScope: r.dataScope,
  remark: r.remark,
  builtIn: r.builtIn,
  userCount: r.userCount,
  createdAt: iso(r.createdAt),
});

export async function pagingRoles(
  db: Executor,
  current: number,
  size: number,
  params: { keyword?: string | null; roleType?: number | null },
) {
  const where: SQL[] = [];
  if (params.keyword) {
    const k = containing(params.keyword);
    where.push(or(ilike(sysRole.name, k), ilike(sysRole.code, k)) as SQL);
  }
  if (params.roleType) where.push(eq(sysRole.roleType, params.roleType));
  const cond = where.length ? and(...where) : undefined;
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysRole).where(cond),
    db
      .select({ role: sysRole, userCount })
      .from(sysRole)
      .where(cond)
      .orderBy(desc(sysRole.builtIn), desc(sysRole.createdAt))
      .$dynamic(),
    (r) => toRole({ ...r.role, userCount: r.userCount }),
  );
}

/** Every role, for select boxes. */
export async function listRoles(db: Executor) {
  return db
    .select({ id: sysRole.id, code: sysRole.code, name: sysRole.name, roleType: sysRole.roleType })
    .from(sysRole)
    .orderBy(sysRole.roleType, sysRole.code);
}

export async function roleDetail(db: Executor, id: string) {
  const [row] = await db.select({ role: sysRole, userCount }).from(sysRole).where(eq(sysRole.id, id));
  if (!row) throw notFound('角色');
  return toRole({ ...row.role, userCount: row.userCount });
}

/**
 * Creates or updates a role; codes are unique and built-in roles keep their code and type. The
 * actor cannot widen the data scope past their own, edit a role they hold (role-guard.ts), nor
 * one above their rank or held by someone outside their reach (role-rank.ts).
 */
export async function saveRole(db: Db, actor: ScopeHolder, input: TRoleSave): Promise<string> {
  await authorize(db, actor, rolePolicy, 'grantScope', input.dataScope);
  const values = {
    code: input.code,
    name: input.name,
    roleType: input.roleType,
    dataScope: input.dataScope,
    remark: input.remark ?? null,
  };
  try {
    if (!input.id) {
      const [row] = await db.insert(sysRole).values(values).returning({ id: sysRole.id });
      return row.id;
    }
    const [existing] = await db.select().from(sysRole).where(eq(sysRole.id, input.id));
    if (!existing) throw notFound('角色');
    await authorize(db, actor, rolePolicy, 'change', existing);
    if (existing.builtIn && (existing.code !== input.code || existing.roleType !== input.roleType))
      throw conflict('内置角色的编码和类型不能修改');
    await db.update(sysRole).set(values).where(eq(sysRole.id, input.id));
    // Its type and data scope are part of every holder's cached token.
    await authChanged({ all: true });
    return input.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(`角色编码 ${input.code} 已存在`);
    throw err;
  }
}

/** Deletes roles that are not built in and held by no user, with their grants. */
export async function deleteRoles(db: Db, actor: ScopeHolder, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ role: sysRole, userCount }).from(sysRole).where(inArray(sysRole.id, ids));
    if (rows.length !== ids.length) throw notFound('角色');
    for (const { role, userCount: n } of rows) {
      await authorize(tx, actor, rolePolicy, 'change', role);
      if (role.builtIn) throw conflict(`“${role.name}”是内置角色，不能删除`);
      if (n > 0) throw conflict(`角色“${role.name}”仍有${n}个用户在使用，不能删除`);
    }
    await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, ids));
    // Only deleted users can still hold it here: their grant rows go with the role.
    await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
    await tx.delete(sysRole).where(inArray(sysRole.id, ids));
  });
  await authChanged({ all: true });
}

/** Ids of the menus granted to a role. */
export async function roleMenuIds(db: Executor, roleId: string): Promise<string[]> {
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, roleId));
  if (!role) throw notFound('角色');
  const rows = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  return rows.map((r) => r.id);
}

/**
 * Replaces a role's grants in one transaction; unknown menu ids are refused, and so are menus
 * added that the actor does not hold, and roles the actor may not edit (role-guard.ts).
 */
export async function saveRoleMenus(db: Db, actor: ScopeHolder, roleId: string, menuIds: string[]): Promise<void> {
  const ids = [...new Set(menuIds)];
  await db.transaction(async (tx) => {
    const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, roleId)).for('update');
    if (!role) throw notFound('角色');
    await authorize(tx, actor, rolePolicy, 'change', role);
    if (ids.length) {
      const [known] = await tx.select({ n: count() }).from(sysMenu).where(inArray(sysMenu.id, ids));
      if (known.n !== ids.length) throw notFound('菜单');
    }
    const current = await tx.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    const had = new Set(current.map((r) => r.id));
    await authorize(
      tx,
      actor,
      rolePolicy,
      'grantMenus',
      ids.filter((id) => !had.has(id)),
    );
    await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    if (ids.length) await tx.insert(sysRoleMenu).values(ids.map((menuId) => ({ roleId, menuId })));
  });
  await authChanged({ all: true });
}
