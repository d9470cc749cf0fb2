/** /api/sys/user/msg/* (the signed-in user's inbox) and /api/sys/msg/* (administrator sending). */
import {
  sysMsgPaging,
  sysMsgSend,
  sysUserMsgCountUnread,
  sysUserMsgDetailForRead,
  sysUserMsgMarkRead,
  sysUserMsgPaging,
  sysUserMsgUserDelete,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
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

export function registerMsgRoutes(app: FastifyInstance): void {
  route(app, sysUserMsgPaging, { summary: '我的消息', tags: TAGS }, async ({ user, body, deps }) =>
    pagingMyMsgs(deps.db, user.id, body.current, body.size, body.params),
  );

  route(app, sysUserMsgDetailForRead, { summary: '阅读消息', tags: TAGS }, async ({ user, body, deps }) =>
    readMyMsg(deps.db, user.id, body.id, deps.clock()),
  );

  route(app, sysUserMsgCountUnread, { summary: '未读消息数', tags: TAGS }, async ({ user, deps }) => ({
    count: await countUnread(deps.db, user.id),
  }));

  route(app, sysUserMsgMarkRead, { summary: '标为已读', tags: TAGS }, async ({ user, body, deps }) => {
    await markRead(deps.db, user.id, body.ids, body.all === true, deps.clock());
    return null;
  });

  route(app, sysUserMsgUserDelete, { summary: '删除我的消息', tags: TAGS }, async ({ user, body, deps }) => {
    await deleteMyMsgs(deps.db, user.id, body.ids, deps.clock());
    return null;
  });

  route(app, sysMsgSend, { summary: '发送消息', tags: TAGS, bodyLimit: 1024 * 1024 }, async ({ user, body, deps }) => {
    const recipients = await resolveRecipients(deps.db, user, body);
    return notifyUser(deps.db, recipients, body.title, body.content, user.id);
  });

  route(app, sysMsgPaging, { summary: '已发送消息', tags: TAGS }, async ({ body, deps }) =>
    pagingSentMsgs(deps.db, body.current, body.size, body.params),
  );
}
