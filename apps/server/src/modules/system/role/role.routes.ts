/** /api/sys/role/* calls. */
import {
  RoleType,
  ZIdSchema,
  ZIdsSchema,
  ZRoleMenusSaveSchema,
  ZRoleOptionSchema,
  ZRolePagingParamsSchema,
  ZRoleSaveSchema,
  ZRoleSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noPermission } from '../../../platform/errors.js';
import { permission, post, SIGNED_IN } from '../../../platform/route.js';
import {
  deleteRoles,
  listRoles,
  pagingRoles,
  roleDetail,
  roleMenuIds,
  saveRole,
  saveRoleMenus,
} from './role.service.js';

const TAGS = ['角色'];
const VIEW = permission('sys:role:view');
const SAVE = permission('sys:role:save');

export function registerRoleRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/role/paging',
    {
      summary: '角色分页',
      tags: TAGS,
      access: VIEW,
      body: zPageRequest(ZRolePagingParamsSchema),
      data: zPage(ZRoleSchema),
    },
    async ({ body, deps }) => pagingRoles(deps.db, body.current, body.size, body.params),
  );

  // Any administrator may list roles (the user form picks them); learners are refused.
  post(
    app,
    '/api/sys/role/list',
    { summary: '全部角色', tags: TAGS, access: SIGNED_IN, data: z.array(ZRoleOptionSchema) },
    async ({ user, deps }) => {
      if (user.roleType !== RoleType.ADMIN) throw noPermission();
      return listRoles(deps.db);
    },
  );

  post(
    app,
    '/api/sys/role/detail',
    { summary: '角色详情', tags: TAGS, access: VIEW, body: ZIdSchema, data: ZRoleSchema },
    async ({ body, deps }) => roleDetail(deps.db, body.id),
  );

  post(
    app,
    '/api/sys/role/save',
    {
      summary: '保存角色',
      tags: TAGS,
      access: SAVE,
      body: ZRoleSaveSchema,
      data: z.object({ id: z.string().describe('角色ID') }),
    },
    async ({ body, user, deps }) => ({ id: await saveRole(deps.db, user, body) }),
  );

  post(
    app,
    '/api/sys/role/delete',
    { summary: '删除角色', tags: TAGS, access: permission('sys:role:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await deleteRoles(deps.db, user, body.ids);
      return null;
    },
  );

  post(
    app,
    '/api/sys/role/list-menus',
    { summary: '角色已授权的菜单', tags: TAGS, access: VIEW, body: ZIdSchema, data: z.array(z.string()) },
    async ({ body, deps }) => roleMenuIds(deps.db, body.id),
  );

  post(
    app,
    '/api/sys/role/save-menus',
    { summary: '角色菜单授权', tags: TAGS, access: SAVE, body: ZRoleMenusSaveSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await saveRoleMenus(deps.db, user, body.id, body.menuIds);
      return null;
    },
  );
}
