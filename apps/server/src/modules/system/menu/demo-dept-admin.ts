/**
 * The demo's department administrator (部门管理员, scope: own department and below) gets the menus a
 * department's training manager works with: everything of the catalogue but the site-wide settings
 * (menus, roles, dictionaries, the assistant, site config, the system log). Runs once, after the
 * first start's catalogue sync (the menus do not exist while the seed runs), so a role an
 * administrator later trims keeps its trimmed menus across restarts.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { CATALOGUE } from './catalogue.js';

export const DEMO_DEPT_ADMIN_ROLE = 'dept_admin';

/** Catalogue subtrees a department's administrator does not get: settings of the whole site. */
const SITE_WIDE = new Set(['sys-role', 'sys-menu', 'sys-dic', 'sys-assistant', 'sys-config', 'sys-log']);

/** Catalogue keys outside the site-wide subtrees (parents come before children in the catalogue). */
export function deptAdminMenuKeys(): string[] {
  const excluded = new Set<string>();
  for (const entry of CATALOGUE) {
    if (SITE_WIDE.has(entry.key) || (entry.parentKey && excluded.has(entry.parentKey))) excluded.add(entry.key);
  }
  return CATALOGUE.filter((e) => !excluded.has(e.key)).map((e) => e.key);
}

export async function grantDemoDeptAdminMenus(db: Db): Promise<number> {
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, DEMO_DEPT_ADMIN_ROLE));
  if (!role) return 0;
  const wanted = new Set(deptAdminMenuKeys());
  const menus = await db
    .select({ id: sysMenu.id, key: sysMenu.catalogueKey })
    .from(sysMenu)
    .where(isNotNull(sysMenu.catalogueKey));
  const rows = menus.filter((m) => wanted.has(m.key as string)).map((m) => ({ roleId: role.id, menuId: m.id }));
  if (rows.length === 0) return 0;
  await db.insert(sysRoleMenu).values(rows).onConflictDoNothing();
  return rows.length;
}
