/** Endpoints of dict. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZDicPagingParamsSchema,
  ZDicSaveSchema,
  ZDicSchema,
  ZDicValueNodeSchema,
  ZDicValueSaveSchema,
  ZDicValueTreeSchema,
} from '../system/dict.js';

const zSaved = z.object({ id: z.string().describe('ID') });

export const sysDicPaging = endpoint({
  path: '/api/sys/dic/paging',
  body: zPageRequest(ZDicPagingParamsSchema),
  data: zPage(ZDicSchema),
  access: { permission: 'sys:dic:view' },
  operation: false,
});

export const sysDicSave = endpoint({
  path: '/api/sys/dic/save',
  body: ZDicSaveSchema,
  data: zSaved,
  access: { permission: 'sys:dic:save' },
  operation: true,
});

export const sysDicDelete = endpoint({
  path: '/api/sys/dic/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'sys:dic:delete' },
  operation: true,
});

export const sysDicValueTree = endpoint({
  path: '/api/sys/dic/value/tree',
  body: ZDicValueTreeSchema,
  data: z.array(ZDicValueNodeSchema),
  access: 'user',
  operation: false,
});

export const sysDicValueSave = endpoint({
  path: '/api/sys/dic/value/save',
  body: ZDicValueSaveSchema,
  data: zSaved,
  access: { permission: 'sys:dic:save' },
  operation: true,
});

export const sysDicValueDelete = endpoint({
  path: '/api/sys/dic/value/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'sys:dic:delete' },
  operation: true,
});
