/** /api/sys/user/msg/* (the signed-in user's inbox) and /api/sys/msg/* (administrator sending). */
import {
  ZCountSchema,
  ZIdSchema,
  ZIdsSchema,
  ZMarkReadSchema,
  ZMsgSendResultSchema,
  ZMsgSendSchema,
  ZSentMsgPagingParamsSchema,
  ZSentMsgSchema,
  ZUserMsgPagingParamsSchema,
  ZUserMsgSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../../platform/route.js';
import {
  countUnread,
  deleteMyMsgs,
  markRead,
  notifyUser,
  pagingMyMsgs,
  pagingSentMsgs,
  readMyMsg,
  resolveRecipients,
} from './msg.service.js';

const TAGS = ['消息'];
const SEND = permission('sys:msg:send');

export function registerMsgRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/user/msg/paging',
    {
      summary: '我的消息',
      tags: TAGS,
      access: SIGNED_IN,
      body: zPageRequest(ZUserMsgPagingParamsSchema),
      data: zPage(ZUserMsgSchema),
    },
    async ({ user, body, deps }) => pagingMyMsgs(deps.db, user.id, body.current, body.size, body.params),
  );

  post(
    app,
    '/api/sys/user/msg/detail-for-read',
    { summary: '阅读消息', tags: TAGS, access: SIGNED_IN, body: ZIdSchema, data: ZUserMsgSchema },
    async ({ user, body, deps }) => readMyMsg(deps.db, user.id, body.id, deps.clock()),
  );

  post(
    app,
    '/api/sys/user/msg/count-unread',
    { summary: '未读消息数', tags: TAGS, access: SIGNED_IN, data: ZCountSchema },
    async ({ user, deps }) => ({ count: await countUnread(deps.db, user.id) }),
  );

  post(
    app,
    '/api/sys/user/msg/mark-read',
    { summary: '标为已读', tags: TAGS, access: SIGNED_IN, body: ZMarkReadSchema, data: z.null() },
    async ({ user, body, deps }) => {
      await markRead(deps.db, user.id, body.ids, body.all === true, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/msg/user-delete',
    { summary: '删除我的消息', tags: TAGS, access: SIGNED_IN, body: ZIdsSchema, data: z.null() },
    async ({ user, body, deps }) => {
      await deleteMyMsgs(deps.db, user.id, body.ids, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/sys/msg/send',
    {
      summary: '发送消息',
      tags: TAGS,
      access: SEND,
      body: ZMsgSendSchema,
      data: ZMsgSendResultSchema,
      bodyLimit: 1024 * 1024, // up to 10,000 named users
    },
    async ({ user, body, deps }) => {
      const recipients = await resolveRecipients(deps.db, user, body);
      return notifyUser(deps.db, recipients, body.title, body.content, user.id);
    },
  );

  post(
    app,
    '/api/sys/msg/paging',
    {
      summary: '已发送消息',
      tags: TAGS,
      access: SEND,
      body: zPageRequest(ZSentMsgPagingParamsSchema),
      data: zPage(ZSentMsgSchema),
    },
    async ({ body, deps }) => pagingSentMsgs(deps.db, body.current, body.size, body.params),
  );
}
