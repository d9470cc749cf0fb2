/** /api/notice/*: administrators compose, publish and follow notices; every signed-in user reads them. */
import {
  noticeDelete,
  noticeDetail,
  noticeListUnread,
  noticeMyPaging,
  noticePaging,
  noticePublish,
  noticeRead,
  noticeSave,
  noticeWithdraw,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import {
  noticeDetail as adminNoticeDetail,
  deleteNotices,
  listUnread,
  pagingNotices,
  saveNotice,
} from './notice.service.js';
import { publishNotice, withdrawNotice } from './notice-publish.js';
import { pagingMyNotices, readNotice } from './notice-reader.js';

const tags = ['通知公告'];

export function registerNoticeRoutes(app: FastifyInstance): void {
  route(app, noticePaging, { summary: '公告分页（管理，含阅读率）', tags }, async ({ body, user, deps }) =>
    pagingNotices(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  route(app, noticeDetail, { summary: '公告详情（管理）', tags }, async ({ body, user, deps }) =>
    adminNoticeDetail(deps.db, user, body.id, deps.clock()),
  );
  route(app, noticeListUnread, { summary: '公告未读人员', tags }, async ({ body, user, deps }) =>
    listUnread(deps.db, user, body.params, body.current, body.size),
  );
  route(app, noticeSave, { summary: '保存公告', tags, bodyLimit: 1024 * 1024 }, async ({ body, user, deps }) => ({
    id: await saveNotice(deps.db, user, body, deps.clock()),
  }));
  route(app, noticePublish, { summary: '发布公告（立即或定时）', tags }, async ({ body, user, deps }) => {
    await publishNotice(deps.db, user, body, deps.clock());
    return null;
  });
  route(app, noticeWithdraw, { summary: '撤回公告', tags }, async ({ body, user, deps }) => {
    await withdrawNotice(deps.db, user, body.id, deps.clock());
    return null;
  });
  route(app, noticeDelete, { summary: '删除公告', tags }, async ({ body, user, deps }) => {
    await deleteNotices(deps.db, user, body.ids, deps.clock());
    return null;
  });
  route(app, noticeMyPaging, { summary: '我的公告（置顶在前，标记未读）', tags }, async ({ body, user, deps }) =>
    pagingMyNotices(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  route(app, noticeRead, { summary: '阅读公告（记为已读）', tags }, async ({ body, user, deps }) =>
    readNotice(deps.db, user, body.id, deps.clock()),
  );
}
