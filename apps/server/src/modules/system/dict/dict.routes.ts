/** /api/sys/dic/* and /api/sys/dic/value/* calls. */
import {
  ZDicPagingParamsSchema,
  ZDicSaveSchema,
  ZDicSchema,
  ZDicValueNodeSchema,
  ZDicValueSaveSchema,
  ZDicValueTreeSchema,
  ZIdsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../../platform/route.js';
import { deleteDics, deleteDicValues, dicValueTree, pagingDics, saveDic, saveDicValue } from './dict.service.js';

const TAGS = ['数据字典'];
const SAVE = permission('sys:dic:save');
const DELETE = permission('sys:dic:delete');
const zSaved = z.object({ id: z.string().describe('ID') });

export function registerDictRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/dic/paging',
    {
      summary: '字典分页',
      tags: TAGS,
      access: permission('sys:dic:view'),
      body: zPageRequest(ZDicPagingParamsSchema),
      data: zPage(ZDicSchema),
    },
    async ({ body, deps }) => pagingDics(deps.db, body.current, body.size, body.params),
  );

  post(
    app,
    '/api/sys/dic/save',
    { summary: '保存字典', tags: TAGS, access: SAVE, body: ZDicSaveSchema, data: zSaved },
    async ({ body, deps }) => ({ id: await saveDic(deps.db, body) }),
  );

  post(
    app,
    '/api/sys/dic/delete',
    { summary: '删除字典', tags: TAGS, access: DELETE, body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteDics(deps.db, body.ids);
      return null;
    },
  );

  post(
    app,
    '/api/sys/dic/value/tree',
    {
      summary: '字典值树',
      tags: TAGS,
      access: SIGNED_IN,
      body: ZDicValueTreeSchema,
      data: z.array(ZDicValueNodeSchema),
    },
    async ({ body, deps }) => dicValueTree(deps.db, body.dicCode),
  );

  post(
    app,
    '/api/sys/dic/value/save',
    { summary: '保存字典值', tags: TAGS, access: SAVE, body: ZDicValueSaveSchema, data: zSaved },
    async ({ body, deps }) => ({ id: await saveDicValue(deps.db, body) }),
  );

  post(
    app,
    '/api/sys/dic/value/delete',
    { summary: '删除字典值', tags: TAGS, access: DELETE, body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteDicValues(deps.db, body.ids);
      return null;
    },
  );
}
