/** /api/sys/menu/* calls. */
import {
  RoleType,
  sysMenuDelete,
  sysMenuDetail,
  sysMenuRoutes,
  sysMenuSave,
  sysMenuSort,
  sysMenuTree,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { deleteMenus, menuDetail, menuTree, saveMenu, sortMenu } from './menu.service.js';
import { grantedMenus, toRouteTree } from './routes.service.js';

const TAGS = ['菜单'];

export function registerMenuRoutes(app: FastifyInstance): void {
  route(app, sysMenuRoutes, { summary: '当前用户的后台路由', tags: TAGS }, async ({ user, deps }) => {
    if (user.roleType !== RoleType.ADMIN) return [];
    return toRouteTree(await grantedMenus(deps.db, user.id));
  });

  route(app, sysMenuTree, { summary: '全部菜单树', tags: TAGS }, async ({ deps }) => menuTree(deps.db));

  route(app, sysMenuDetail, { summary: '菜单详情', tags: TAGS }, async ({ body, deps }) =>
    menuDetail(deps.db, body.id),
  );

  route(app, sysMenuSave, { summary: '保存菜单', tags: TAGS }, async ({ body, user, deps }) => ({
    id: await saveMenu(deps.db, user, body),
  }));

  route(app, sysMenuDelete, { summary: '删除菜单', tags: TAGS }, async ({ body, deps }) => {
    await deleteMenus(deps.db, body.ids);
    return null;
  });

  route(app, sysMenuSort, { summary: '菜单排序', tags: TAGS }, async ({ body, deps }) => {
    await sortMenu(deps.db, body.id, body.sort);
    return null;
  });
}
