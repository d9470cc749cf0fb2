/** /api/notice/*: administrators compose, publish and follow notices; every signed-in user reads them. */
import {
  ZIdSchema,
  ZIdsSchema,
  ZMyNoticePagingParamsSchema,
  ZMyNoticeSchema,
  ZNoticeDetailSchema,
  ZNoticePagingParamsSchema,
  ZNoticePublishSchema,
  ZNoticeRecordSchema,
  ZNoticeSaveSchema,
  ZNoticeUnreadParamsSchema,
  ZNoticeUnreadUserSchema,
  ZNoticeViewSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post, SIGNED_IN } from '../../platform/route.js';
import { deleteNotices, listUnread, noticeDetail, pagingNotices, saveNotice } from './notice.service.js';
import { publishNotice, withdrawNotice } from './notice-publish.js';
import { pagingMyNotices, readNotice } from './notice-reader.js';

const tags = ['通知公告'];
const VIEW = permission('notice:notice:view');
const SAVE = permission('notice:notice:save');
const PUBLISH = permission('notice:notice:publish');
const DELETE = permission('notice:notice:delete');

export function registerNoticeRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/notice/paging',
    {
      summary: '公告分页（管理，含阅读率）',
      tags,
      access: VIEW,
      body: zPageRequest(ZNoticePagingParamsSchema),
      data: zPage(ZNoticeRecordSchema),
    },
    async ({ body, user, deps }) => pagingNotices(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/notice/detail',
    { summary: '公告详情（管理）', tags, access: VIEW, body: ZIdSchema, data: ZNoticeDetailSchema },
    async ({ body, user, deps }) => noticeDetail(deps.db, user, body.id, deps.clock()),
  );
  post(
    app,
    '/api/notice/list-unread',
    {
      summary: '公告未读人员',
      tags,
      access: VIEW,
      body: zPageRequest(ZNoticeUnreadParamsSchema),
      data: zPage(ZNoticeUnreadUserSchema),
    },
    async ({ body, user, deps }) => listUnread(deps.db, user, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/notice/save',
    {
      summary: '保存公告',
      tags,
      access: SAVE,
      body: ZNoticeSaveSchema,
      data: ZIdSchema,
      bodyLimit: 1024 * 1024, // 100,000 characters of rich text
    },
    async ({ body, user, deps }) => ({ id: await saveNotice(deps.db, user, body, deps.clock()) }),
  );
  post(
    app,
    '/api/notice/publish',
    { summary: '发布公告（立即或定时）', tags, access: PUBLISH, body: ZNoticePublishSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await publishNotice(deps.db, user, body, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/notice/withdraw',
    { summary: '撤回公告', tags, access: PUBLISH, body: ZIdSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await withdrawNotice(deps.db, user, body.id, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/notice/delete',
    { summary: '删除公告', tags, access: DELETE, body: ZIdsSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await deleteNotices(deps.db, user, body.ids, deps.clock());
      return null;
    },
  );
  post(
    app,
    '/api/notice/my-paging',
    {
      summary: '我的公告（置顶在前，标记未读）',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZMyNoticePagingParamsSchema),
      data: zPage(ZMyNoticeSchema),
    },
    async ({ body, user, deps }) => pagingMyNotices(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  post(
    app,
    '/api/notice/read',
    { summary: '阅读公告（记为已读）', tags, access: SIGNED_IN, body: ZIdSchema, data: ZNoticeViewSchema },
    async ({ body, user, deps }) => readNotice(deps.db, user, body.id, deps.clock()),
  );
}
