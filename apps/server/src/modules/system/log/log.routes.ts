/** /api/sys/log/paging, /api/common/log/client-error and the failed event deliveries (事件投递). */
import { commonLogClientError, sysEventDeliveryPaging, sysEventDeliveryRetry, sysLogPaging } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { pagingFailedDeliveries, retryDeliveries } from '../../../platform/events/parked.js';
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

  route(app, sysEventDeliveryPaging, { summary: '事件投递失败记录分页', tags: TAGS }, async ({ body, deps }) =>
    pagingFailedDeliveries(deps.db, body.current, body.size, body.params),
  );

  route(app, sysEventDeliveryRetry, { summary: '重试事件投递', tags: TAGS }, async ({ body, deps }) => ({
    retried: await retryDeliveries(deps.db, body.items),
  }));
}
