/** Menu administration: the full tree, save, delete and sort (SPEC 3, 7). */
import { MenuType, type TMenuNode, type TMenuSave } from '@exam/contracts';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { sysMenu, sysRoleMenu } from '../../../db/schema/index.js';
import { authChanged } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { badParams, conflict, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/policy/index.js';
import { authorize } from '../../../platform/policy/index.js';
import { rolePolicy } from '../role/role.policy.js';
import { buildTree } from '../tree.js';

type MenuRow = typeof sysMenu.$inferSelect;

const toNode = (m: MenuRow): TMenuNode => ({
  id: m.id,
  parentId: m.parentId,
  catalogueKey: m.catalogueKey,
  type: m.type,
  title: m.title,
  path: m.path,
  name: m.name,
  component: m.component,
  redirect: m.redirect,
  icon: m.icon,
  permission: m.permission,
  sort: m.sort,
  hidden: m.hidden,
  alwaysShow: m.alwaysShow,
  noCache: m.noCache,
  affix: m.affix,
  activeMenu: m.activeMenu,
});

/** Every menu as a tree, ordered by sort. */
export async function menuTree(db: Executor): Promise<TMenuNode[]> {
  const rows = await db.select().from(sysMenu).orderBy(asc(sysMenu.sort), asc(sysMenu.id));
  return buildTree(rows.map(toNode));
}

export async function menuDetail(db: Executor, id: string): Promise<TMenuNode> {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.id, id));
  if (!row) throw notFound('菜单');
  return toNode(row);
}

/** Refuses a parent that is the menu itself or one of its descendants. */
async function checkParent(db: Executor, id: string | null, parentId: string | null): Promise<void> {
  if (!parentId) return;
  const rows = await db.select({ id: sysMenu.id, parentId: sysMenu.parentId }).from(sysMenu);
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!parentOf.has(parentId)) throw notFound('上级菜单');
  for (let cur: string | null | undefined = parentId, i = 0; cur && i < 100; cur = parentOf.get(cur), i++) {
    if (cur === id) throw badParams('上级菜单：不能选择菜单自身或它的下级菜单');
  }
}

/** Creates or updates a menu. Built-in (catalogue) menus keep their type and permission tag. */
export async function saveMenu(db: Db, actor: Actor, input: TMenuSave): Promise<string> {
  const isFunction = input.type === MenuType.FUNCTION;
  // A menu of one's own role given a tag one lacks would raise one's rights (role-guard.ts).
  if (isFunction && input.permission) await authorize(db, actor, rolePolicy, 'grantPermission', input.permission);
  const values = {
    parentId: input.parentId ?? null,
    type: input.type,
    title: input.title,
    path: isFunction ? null : (input.path ?? null),
    name: isFunction ? null : (input.name ?? null),
    component: isFunction ? null : (input.component ?? null),
    redirect: input.redirect ?? null,
    icon: input.icon ?? null,
    permission: isFunction ? (input.permission ?? null) : null,
    sort: input.sort,
    hidden: input.hidden,
    alwaysShow: input.alwaysShow,
    noCache: input.noCache,
    affix: input.affix,
    activeMenu: input.activeMenu ?? null,
  };
  await checkParent(db, input.id ?? null, values.parentId);
  if (!input.id) {
    const [row] = await db.insert(sysMenu).values(values).returning({ id: sysMenu.id });
    return row.id;
  }
  const [existing] = await db.select().from(sysMenu).where(eq(sysMenu.id, input.id));
  if (!existing) throw notFound('菜单');
  if (existing.catalogueKey && (existing.type !== values.type || existing.permission !== values.permission))
    throw conflict('内置菜单的类型和权限标识不能修改');
  await db.update(sysMenu).set(values).where(eq(sysMenu.id, input.id));
  // A changed permission tag changes what its roles' holders may do.
  await authChanged({ all: true });
  return input.id;
}

/** Deletes menus without children, with their grants. Built-in menus come back at every start, so they are refused. */
export async function deleteMenus(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(sysMenu).where(inArray(sysMenu.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound('菜单');
    for (const menu of rows) {
      if (menu.catalogueKey) throw conflict(`“${menu.title}”是内置菜单，不能删除，可设置为隐藏`);
      const [children] = await tx
        .select({ n: count() })
        .from(sysMenu)
        .where(and(eq(sysMenu.parentId, menu.id), notInArray(sysMenu.id, ids)));
      if (children.n > 0) throw conflict(`菜单“${menu.title}”下还有子菜单，不能删除`);
    }
    await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
    await tx.delete(sysMenu).where(inArray(sysMenu.id, ids));
  });
  await authChanged({ all: true });
}

export async function sortMenu(db: Executor, id: string, sort: number): Promise<void> {
  const rows = await db.update(sysMenu).set({ sort }).where(eq(sysMenu.id, id)).returning({ id: sysMenu.id });
  if (!rows.length) throw notFound('菜单');
}
