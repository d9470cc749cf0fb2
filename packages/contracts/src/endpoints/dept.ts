/** Endpoints of dept. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema } from '../envelope.js';
import { ZDeptNodeSchema, ZDeptSaveSchema, ZDeptSchema, ZDeptSortSchema } from '../system/dept.js';

export const sysDepartTree = endpoint({
  path: '/api/sys/depart/tree',
  data: z.array(ZDeptNodeSchema),
  access: 'public',
  operation: false,
});

export const sysDepartDetail = endpoint({
  path: '/api/sys/depart/detail',
  body: ZIdSchema,
  data: ZDeptSchema,
  access: { permission: 'sys:depart:view' },
  operation: false,
});

export const sysDepartSave = endpoint({
  path: '/api/sys/depart/save',
  body: ZDeptSaveSchema,
  data: z.object({ id: z.string().describe('部门ID') }),
  access: { permission: 'sys:depart:save' },
  operation: true,
});

export const sysDepartDelete = endpoint({
  path: '/api/sys/depart/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'sys:depart:delete' },
  operation: true,
});

export const sysDepartSort = endpoint({
  path: '/api/sys/depart/sort',
  body: ZDeptSortSchema,
  data: z.null(),
  access: { permission: 'sys:depart:save' },
  operation: true,
});
