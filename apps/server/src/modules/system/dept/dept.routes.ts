/** /api/sys/depart/* calls. */
import { ZDeptNodeSchema, ZDeptSaveSchema, ZDeptSchema, ZDeptSortSchema, ZIdSchema, ZIdsSchema } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, permission, post } from '../../../platform/route.js';
import { deleteDepts, deptDetail, deptTree, saveDept, sortDepts } from './dept.service.js';

const TAGS = ['部门'];

export function registerDeptRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/depart/tree',
    { summary: '部门树（注册页也使用）', tags: TAGS, access: PUBLIC, data: z.array(ZDeptNodeSchema) },
    async ({ deps }) => deptTree(deps.db),
  );

  post(
    app,
    '/api/sys/depart/detail',
    { summary: '部门详情', tags: TAGS, access: permission('sys:depart:view'), body: ZIdSchema, data: ZDeptSchema },
    async ({ body, deps }) => deptDetail(deps.db, body.id),
  );

  post(
    app,
    '/api/sys/depart/save',
    {
      summary: '保存部门',
      tags: TAGS,
      access: permission('sys:depart:save'),
      body: ZDeptSaveSchema,
      data: z.object({ id: z.string().describe('部门ID') }),
    },
    async ({ body, deps }) => ({ id: await saveDept(deps.db, body) }),
  );

  post(
    app,
    '/api/sys/depart/delete',
    { summary: '删除部门', tags: TAGS, access: permission('sys:depart:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteDepts(deps.db, body.ids);
      return null;
    },
  );

  post(
    app,
    '/api/sys/depart/sort',
    { summary: '部门排序', tags: TAGS, access: permission('sys:depart:save'), body: ZDeptSortSchema, data: z.null() },
    async ({ body, deps }) => {
      if (body.list?.length) await sortDepts(deps.db, body.list, true);
      else await sortDepts(deps.db, [{ id: body.id as string, sort: body.sort as number }], false);
      return null;
    },
  );
}
