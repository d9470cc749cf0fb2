/** Endpoints of role. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZRoleMenusSaveSchema,
  ZRoleOptionSchema,
  ZRolePagingParamsSchema,
  ZRoleSaveSchema,
  ZRoleSchema,
} from '../system/role.js';

export const sysRolePaging = endpoint({
  path: '/api/sys/role/paging',
  body: zPageRequest(ZRolePagingParamsSchema),
  data: zPage(ZRoleSchema),
  access: { permission: 'sys:role:view' },
  operation: false,
});

export const sysRoleList = endpoint({
  path: '/api/sys/role/list',
  data: z.array(ZRoleOptionSchema),
  access: 'user',
  operation: false,
});

export const sysRoleDetail = endpoint({
  path: '/api/sys/role/detail',
  body: ZIdSchema,
  data: ZRoleSchema,
  access: { permission: 'sys:role:view' },
  operation: false,
});

export const sysRoleSave = endpoint({
  path: '/api/sys/role/save',
  body: ZRoleSaveSchema,
  data: z.object({ id: z.string().describe('角色ID') }),
  access: { permission: 'sys:role:save' },
  operation: true,
});

export const sysRoleDelete = endpoint({
  path: '/api/sys/role/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'sys:role:delete' },
  operation: true,
});

export const sysRoleListMenus = endpoint({
  path: '/api/sys/role/list-menus',
  body: ZIdSchema,
  data: z.array(z.string()),
  access: { permission: 'sys:role:view' },
  operation: false,
});

export const sysRoleSaveMenus = endpoint({
  path: '/api/sys/role/save-menus',
  body: ZRoleMenusSaveSchema,
  data: z.null(),
  access: { permission: 'sys:role:save' },
  operation: true,
});
