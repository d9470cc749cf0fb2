/** Endpoints of notice. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
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
} from '../notice.js';

export const noticePaging = endpoint({
  path: '/api/notice/paging',
  body: zPageRequest(ZNoticePagingParamsSchema),
  data: zPage(ZNoticeRecordSchema),
  access: { permission: 'notice:notice:view' },
  operation: false,
});

export const noticeDetail = endpoint({
  path: '/api/notice/detail',
  body: ZIdSchema,
  data: ZNoticeDetailSchema,
  access: { permission: 'notice:notice:view' },
  operation: false,
});

export const noticeListUnread = endpoint({
  path: '/api/notice/list-unread',
  body: zPageRequest(ZNoticeUnreadParamsSchema),
  data: zPage(ZNoticeUnreadUserSchema),
  access: { permission: 'notice:notice:view' },
  operation: false,
});

export const noticeSave = endpoint({
  path: '/api/notice/save',
  body: ZNoticeSaveSchema,
  data: ZIdSchema,
  access: { permission: 'notice:notice:save' },
  operation: true,
});

export const noticePublish = endpoint({
  path: '/api/notice/publish',
  body: ZNoticePublishSchema,
  data: z.null(),
  access: { permission: 'notice:notice:publish' },
  operation: true,
});

export const noticeWithdraw = endpoint({
  path: '/api/notice/withdraw',
  body: ZIdSchema,
  data: z.null(),
  access: { permission: 'notice:notice:publish' },
  operation: true,
});

export const noticeDelete = endpoint({
  path: '/api/notice/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'notice:notice:delete' },
  operation: true,
});

export const noticeMyPaging = endpoint({
  path: '/api/notice/my-paging',
  body: zPageRequest(ZMyNoticePagingParamsSchema),
  data: zPage(ZMyNoticeSchema),
  access: 'user',
  operation: false,
});

export const noticeRead = endpoint({
  path: '/api/notice/read',
  body: ZIdSchema,
  data: ZNoticeViewSchema,
  access: 'user',
  operation: false,
});
