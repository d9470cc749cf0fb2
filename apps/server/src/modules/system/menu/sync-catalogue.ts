/** Inserts catalogue menus missing from sys_menu and grants them to the built-in administrator role. */
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue.js';

/** Code of the built-in administrator role that receives every new catalogue menu. */
export const SUPER_ADMIN_ROLE = 'sa';

export async function syncMenuCatalogue(db: Db, catalogue: CatalogueEntry[] = CATALOGUE): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: sysMenu.id, key: sysMenu.catalogueKey })
      .from(sysMenu)
      .where(isNotNull(sysMenu.catalogueKey));
    const idByKey = new Map(existing.map((m) => [m.key as string, m.id]));
    const missing = catalogue.filter((e) => !idByKey.has(e.key));
    if (missing.length === 0) return 0;

    // Parents come before children in the catalogue, so one pass resolves every parent id.
    const inserted: string[] = [];
    for (const entry of missing) {
      const parentId = entry.parentKey ? (idByKey.get(entry.parentKey) ?? null) : null;
      const [row] = await tx
        .insert(sysMenu)
        .values({
          parentId,
          catalogueKey: entry.key,
          type: entry.type,
          title: entry.title,
          path: entry.path ?? null,
          name: entry.name ?? (entry.type === 2 ? null : entry.key),
          component: entry.component ?? null,
          redirect: entry.redirect ?? null,
          icon: entry.icon ?? null,
          permission: entry.permission ?? null,
          sort: entry.sort,
          hidden: entry.hidden ?? false,
          alwaysShow: entry.alwaysShow ?? false,
          noCache: entry.noCache ?? false,
          affix: entry.affix ?? false,
          activeMenu: entry.activeMenu ?? null,
        })
        .returning({ id: sysMenu.id });
      idByKey.set(entry.key, row.id);
      inserted.push(row.id);
    }
    const [admin] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, SUPER_ADMIN_ROLE));
    if (admin) {
      await tx
        .insert(sysRoleMenu)
        .values(inserted.map((menuId) => ({ roleId: admin.id, menuId })))
        .onConflictDoNothing();
    }
    for (const [i, entry] of missing.entries()) {
      if (!entry.grantWith) continue;
      const holders = await tx
        .selectDistinct({ roleId: sysRoleMenu.roleId })
        .from(sysRoleMenu)
        .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
        .where(eq(sysMenu.permission, entry.grantWith));
      if (holders.length)
        await tx
          .insert(sysRoleMenu)
          .values(holders.map((h) => ({ roleId: h.roleId, menuId: inserted[i] })))
          .onConflictDoNothing();
    }
    return inserted.length;
  });
}

/** Ids of catalogue menus, for tests. */
export async function catalogueMenuIds(db: Db, keys: string[]): Promise<string[]> {
  const rows = await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.catalogueKey, keys));
  return rows.map((r) => r.id);
}
