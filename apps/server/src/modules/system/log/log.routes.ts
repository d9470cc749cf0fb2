/** /api/sys/log/paging and /api/common/log/client-error. */
import { commonLogClientError, sysLogPaging } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { pagingLogs, recordClientError } from './log.service.js';

const TAGS = ['系统日志'];

export function registerLogRoutes(app: FastifyInstance): void {
  route(app, sysLogPaging, { summary: '日志分页', tags: TAGS }, async ({ body, user, deps }) =>
    pagingLogs(deps.db, user, body.current, body.size, body.params),
  );

  route(
    app,
    commonLogClientError,
    { summary: '上报前端错误', tags: TAGS, rateLimit: { max: 30, timeWindow: '1 minute' } },
    async ({ body, deps, optionalUser, ip, userAgent }) => {
      await recordClientError(deps.db, body, optionalUser, { ip, userAgent });
      return null;
    },
  );
}
