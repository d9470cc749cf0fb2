/** /api/sys/log/paging and /api/common/log/client-error. */
import { ZClientErrorSchema, ZLogPagingParamsSchema, ZLogSchema, zPage, zPageRequest } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, permission, post } from '../../../platform/route.js';
import { pagingLogs, recordClientError } from './log.service.js';

const TAGS = ['系统日志'];

export function registerLogRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/log/paging',
    {
      summary: '日志分页',
      tags: TAGS,
      access: permission('sys:log:view'),
      body: zPageRequest(ZLogPagingParamsSchema),
      data: zPage(ZLogSchema),
    },
    async ({ body, user, deps }) => pagingLogs(deps.db, user, body.current, body.size, body.params),
  );

  post(
    app,
    '/api/common/log/client-error',
    {
      summary: '上报前端错误',
      tags: TAGS,
      access: PUBLIC,
      body: ZClientErrorSchema,
      data: z.null(),
      rateLimit: { max: 30, timeWindow: '1 minute' },
    },
    async ({ body, deps, optionalUser, ip, userAgent }) => {
      await recordClientError(deps.db, body, optionalUser, { ip, userAgent });
      return null;
    },
  );
}
