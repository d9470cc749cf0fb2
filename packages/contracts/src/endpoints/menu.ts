/** Endpoints of menu. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema } from '../envelope.js';
import { ZMenuNodeSchema, ZMenuRouteSchema, ZMenuSaveSchema, ZMenuSchema, ZMenuSortSchema } from '../system/menu.js';

export const sysMenuRoutes = endpoint({
  path: '/api/sys/menu/routes',
  data: z.array(ZMenuRouteSchema),
  access: 'user',
  operation: false,
});

export const sysMenuTree = endpoint({
  path: '/api/sys/menu/tree',
  data: z.array(ZMenuNodeSchema),
  access: { permission: 'sys:menu:view' },
  operation: false,
});

export const sysMenuDetail = endpoint({
  path: '/api/sys/menu/detail',
  body: ZIdSchema,
  data: ZMenuSchema,
  access: { permission: 'sys:menu:view' },
  operation: false,
});

export const sysMenuSave = endpoint({
  path: '/api/sys/menu/save',
  body: ZMenuSaveSchema,
  data: z.object({ id: z.string().describe('菜单ID') }),
  access: { permission: 'sys:menu:save' },
  operation: true,
});

export const sysMenuDelete = endpoint({
  path: '/api/sys/menu/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'sys:menu:delete' },
  operation: true,
});

export const sysMenuSort = endpoint({
  path: '/api/sys/menu/sort',
  body: ZMenuSortSchema,
  data: z.null(),
  access: { permission: 'sys:menu:save' },
  operation: true,
});
