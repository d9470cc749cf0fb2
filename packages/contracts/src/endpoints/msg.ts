/** Endpoints of msg. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZCountSchema,
  ZMarkReadSchema,
  ZMsgSendResultSchema,
  ZMsgSendSchema,
  ZSentMsgPagingParamsSchema,
  ZSentMsgSchema,
  ZUserMsgPagingParamsSchema,
  ZUserMsgSchema,
} from '../system/msg.js';

export const sysUserMsgPaging = endpoint({
  path: '/api/sys/user/msg/paging',
  body: zPageRequest(ZUserMsgPagingParamsSchema),
  data: zPage(ZUserMsgSchema),
  access: 'user',
  operation: false,
});

export const sysUserMsgDetailForRead = endpoint({
  path: '/api/sys/user/msg/detail-for-read',
  body: ZIdSchema,
  data: ZUserMsgSchema,
  access: 'user',
  operation: false,
});

export const sysUserMsgCountUnread = endpoint({
  path: '/api/sys/user/msg/count-unread',
  data: ZCountSchema,
  access: 'user',
  operation: false,
});

export const sysUserMsgMarkRead = endpoint({
  path: '/api/sys/user/msg/mark-read',
  body: ZMarkReadSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});

export const sysUserMsgUserDelete = endpoint({
  path: '/api/sys/user/msg/user-delete',
  body: ZIdsSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});

export const sysMsgSend = endpoint({
  path: '/api/sys/msg/send',
  body: ZMsgSendSchema,
  data: ZMsgSendResultSchema,
  access: { permission: 'sys:msg:send' },
  operation: true,
});

export const sysMsgPaging = endpoint({
  path: '/api/sys/msg/paging',
  body: zPageRequest(ZSentMsgPagingParamsSchema),
  data: zPage(ZSentMsgSchema),
  access: { permission: 'sys:msg:send' },
  operation: false,
});
