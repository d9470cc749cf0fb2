/**
 * Who a token is, for the platform's token and permission checks (platform/auth.ts): the users,
 * departments, roles and menus are the system module's tables, so the statements that read them
 * live here and modules/index.ts hands them to the platform (`provideIdentity`). The platform keeps
 * the token rules (hash, sliding expiry, cache) and its own table sys_token.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sysDepart, sysMenu, sysRole, sysRoleMenu, sysToken, sysUser, sysUserRole } from '../../../db/schema/index.js';
import type { IdentitySource, TokenIdentity } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';

const maxRoleValue = (column: typeof sysRole.roleType | typeof sysRole.dataScope) =>
  sql<number>`coalesce((select max(${column}) from ${sysUserRole} inner join ${sysRole} on ${sysRole.id} = ${sysUserRole.roleId} where ${sysUserRole.userId} = ${sysUser.id}), 1)`.mapWith(
    Number,
  );

/**
 * The token lookup, prepared once per database (it runs on every call the cache misses): the live
 * token ⋈ its user ⟕ department, with the widest role type and data scope of the user's roles.
 * A token older than `maxAgeMs` or past its expiry, or of a deleted user, finds nothing.
 */
export function prepareTokenLookup(
  db: Db,
  maxAgeMs: number,
): (tokenHash: string) => Promise<TokenIdentity | undefined> {
  const lookup = db
    .select({
      id: sysUser.id,
      userName: sysUser.userName,
      realName: sysUser.realName,
      state: sysUser.state,
      deptId: sysUser.deptId,
      deptCode: sysDepart.code,
      lastUsedAt: sysToken.lastUsedAt,
      createdAt: sysToken.createdAt,
      expiresAt: sysToken.expiresAt,
      roleType: maxRoleValue(sysRole.roleType),
      dataScope: maxRoleValue(sysRole.dataScope),
    })
    .from(sysToken)
    .innerJoin(sysUser, eq(sysUser.id, sysToken.userId))
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(
      and(
        eq(sysToken.tokenHash, sql.placeholder('hash')),
        gt(sysToken.expiresAt, sql`now()`),
        gt(sysToken.createdAt, sql`now() - make_interval(secs => ${Math.floor(maxAgeMs / 1000)})`),
        isNull(sysUser.deletedAt),
      ),
    )
    .prepare('auth_token_lookup');
  return async (tokenHash) => {
    const [row] = await lookup.execute({ hash: tokenHash });
    return row;
  };
}

/** Permission tags granted to a user through the function menus of their roles. */
export async function loadPermissions(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ permission: sysMenu.permission })
    .from(sysUserRole)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysUserRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(eq(sysUserRole.userId, userId), sql`${sysMenu.permission} is not null`));
  return rows.map((r) => r.permission as string);
}

/** What modules/index.ts hands the platform's token check. */
export const identitySource: IdentitySource = { prepareTokenLookup, loadPermissions };
