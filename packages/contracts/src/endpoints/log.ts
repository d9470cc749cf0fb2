/** Endpoints of log. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import {
  ZClientErrorSchema,
  ZEventDeliveryPagingParamsSchema,
  ZEventDeliveryRetrySchema,
  ZEventDeliverySchema,
  ZLogPagingParamsSchema,
  ZLogSchema,
} from '../system/log.js';

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

/** Failed and parked domain-event deliveries (系统日志 → 事件投递). */
export const sysEventDeliveryPaging = endpoint({
  path: '/api/sys/event/delivery-paging',
  body: zPageRequest(ZEventDeliveryPagingParamsSchema),
  data: zPage(ZEventDeliverySchema),
  access: { permission: 'sys:log:view' },
  operation: false,
});

/** Delivers the chosen deliveries again now, with their attempts counted afresh. */
export const sysEventDeliveryRetry = endpoint({
  path: '/api/sys/event/delivery-retry',
  body: ZEventDeliveryRetrySchema,
  data: z.object({ retried: z.number() }),
  access: { permission: 'sys:event:retry' },
  operation: true,
});
