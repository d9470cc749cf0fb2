/** Builds the signed-in user's admin route tree from granted menus (SPEC 2 route shape). */
import { MenuType, type TMenuRoute } from '@exam/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { sysMenu, sysRoleMenu, sysUserRole } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

type MenuRow = typeof sysMenu.$inferSelect;

/** Menus and routes (types 1 and 3) granted to the user through any of their roles. */
export async function grantedMenus(db: Executor, userId: string): Promise<MenuRow[]> {
  const rows = await db
    .selectDistinct({ menu: sysMenu })
    .from(sysUserRole)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysUserRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(eq(sysUserRole.userId, userId), inArray(sysMenu.type, [MenuType.MENU, MenuType.ROUTE])))
    .orderBy(asc(sysMenu.sort));
  return rows.map((r) => r.menu).sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
}

/** Shapes menu rows into the nested route list the web adds at runtime. */
export function toRouteTree(menus: MenuRow[]): TMenuRoute[] {
  const byParent = new Map<string | null, MenuRow[]>();
  const ids = new Set(menus.map((m) => m.id));
  for (const menu of menus) {
    // A child whose parent is not granted is dropped: it would have no layout to live in.
    const parent = menu.parentId && ids.has(menu.parentId) ? menu.parentId : menu.parentId ? undefined : null;
    if (parent === undefined) continue;
    const list = byParent.get(parent) ?? [];
    list.push(menu);
    byParent.set(parent, list);
  }
  const build = (parentId: string | null): TMenuRoute[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const children = build(m.id);
      const route: TMenuRoute = {
        path: m.path ?? '',
        name: m.name ?? m.id,
        component: m.component ?? 'Layout',
        hidden: m.hidden || m.type === MenuType.ROUTE,
        meta: {
          title: m.title,
          icon: m.icon,
          noCache: m.noCache,
          affix: m.affix,
          activeMenu: m.activeMenu,
        },
      };
      if (m.redirect) route.redirect = m.redirect;
      if (m.alwaysShow) route.alwaysShow = true;
      if (children.length) route.children = children;
      return route;
    });
  return build(null);
}
