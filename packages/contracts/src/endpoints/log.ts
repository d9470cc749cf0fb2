/** Endpoints of log. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import { ZClientErrorSchema, ZLogPagingParamsSchema, ZLogSchema } from '../system/log.js';

export const sysLogPaging = endpoint({
  path: '/api/sys/log/paging',
  body: zPageRequest(ZLogPagingParamsSchema),
  data: zPage(ZLogSchema),
  access: { permission: 'sys:log:view' },
  operation: false,
});

export const commonLogClientError = endpoint({
  path: '/api/common/log/client-error',
  body: ZClientErrorSchema,
  data: z.null(),
  access: 'public',
  operation: false,
});
