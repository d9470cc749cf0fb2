/** /api/sys/menu/* calls. */
import {
  RoleType,
  ZIdSchema,
  ZIdsSchema,
  ZMenuNodeSchema,
  ZMenuRouteSchema,
  ZMenuSaveSchema,
  ZMenuSchema,
  ZMenuSortSchema,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../../platform/route.js';
import { deleteMenus, menuDetail, menuTree, saveMenu, sortMenu } from './menu.service.js';
import { grantedMenus, toRouteTree } from './routes.service.js';

const TAGS = ['菜单'];
const VIEW = permission('sys:menu:view');
const SAVE = permission('sys:menu:save');

export function registerMenuRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/menu/routes',
    { summary: '当前用户的后台路由', tags: TAGS, access: SIGNED_IN, data: z.array(ZMenuRouteSchema) },
    async ({ user, deps }) => {
      if (user.roleType !== RoleType.ADMIN) return [];
      return toRouteTree(await grantedMenus(deps.db, user.id));
    },
  );

  post(
    app,
    '/api/sys/menu/tree',
    { summary: '全部菜单树', tags: TAGS, access: VIEW, data: z.array(ZMenuNodeSchema) },
    async ({ deps }) => menuTree(deps.db),
  );

  post(
    app,
    '/api/sys/menu/detail',
    { summary: '菜单详情', tags: TAGS, access: VIEW, body: ZIdSchema, data: ZMenuSchema },
    async ({ body, deps }) => menuDetail(deps.db, body.id),
  );

  post(
    app,
    '/api/sys/menu/save',
    {
      summary: '保存菜单',
      tags: TAGS,
      access: SAVE,
      body: ZMenuSaveSchema,
      data: z.object({ id: z.string().describe('菜单ID') }),
    },
    async ({ body, user, deps }) => ({ id: await saveMenu(deps.db, user, body) }),
  );

  post(
    app,
    '/api/sys/menu/delete',
    { summary: '删除菜单', tags: TAGS, access: permission('sys:menu:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteMenus(deps.db, body.ids);
      return null;
    },
  );

  post(
    app,
    '/api/sys/menu/sort',
    { summary: '菜单排序', tags: TAGS, access: SAVE, body: ZMenuSortSchema, data: z.null() },
    async ({ body, deps }) => {
      await sortMenu(deps.db, body.id, body.sort);
      return null;
    },
  );
}
