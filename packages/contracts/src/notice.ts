/**
 * System notices (通知公告): /api/notice/{paging, detail, save, publish, withdraw, delete,
 * list-unread} for administrators and /api/notice/{my-paging, read} for every signed-in user.
 * The audience follows the exam open types: 1 everyone, 2 departments (and below), 3 named people.
 */
import { z } from 'zod';

export const NoticeState = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
/** What the admin list shows: the state, with a published notice whose time is still ahead as 待发布. */
export const NoticeStatus = { DRAFT: 0, SCHEDULED: 1, PUBLISHED: 2, WITHDRAWN: 3 } as const;
export const NOTICE_STATUS_LABELS: Record<number, string> = { 0: '草稿', 1: '待发布', 2: '已发布', 3: '已撤回' };
export const NOTICE_OPEN_TYPE_LABELS: Record<number, string> = { 1: '全部人员', 2: '指定部门', 3: '指定人员' };

export const ZNoticeSaveSchema = z
  .object({
    id: z.string().min(1).nullish().describe('公告ID（修改时传）'),
    title: z.string().trim().min(1, '请输入公告标题').max(100, '公告标题不能超过100个字符').describe('公告标题'),
    content: z.string().trim().min(1, '请输入公告内容').max(100_000, '公告内容过长').describe('公告内容'),
    openType: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: '发布范围只能是1、2或3' })
      .describe('发布范围'),
    deptIds: z.array(z.string().min(1)).max(1000).default([]).describe('指定部门'),
    userIds: z.array(z.string().min(1)).max(10000).default([]).describe('指定人员'),
    pinned: z.boolean().default(false).describe('置顶'),
    fileIds: z.array(z.string().min(1)).max(20, '附件最多20个').default([]).describe('附件'),
  })
  .superRefine((v, ctx) => {
    if (v.openType === 2 && v.deptIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deptIds'], message: '请选择指定部门' });
    if (v.openType === 3 && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择指定人员' });
  });
export type TNoticeSave = z.input<typeof ZNoticeSaveSchema>;

export const ZNoticePublishSchema = z.object({
  id: z.string().min(1).describe('公告ID'),
  /** Absent, null or past: now. */
  publishAt: z.iso.datetime({ offset: true, error: '发布时间格式不正确' }).nullish().describe('发布时间'),
});
export type TNoticePublish = z.infer<typeof ZNoticePublishSchema>;

export const ZNoticeAttachmentSchema = z.object({
  id: z.string().describe('文件ID'),
  name: z.string().describe('文件名'),
  size: z.number().describe('大小(字节)'),
  url: z.string().describe('访问地址'),
});
export type TNoticeAttachment = z.infer<typeof ZNoticeAttachmentSchema>;

export const ZNoticeRecordSchema = z.object({
  id: z.string().describe('公告ID'),
  title: z.string().describe('标题'),
  openType: z.number().describe('发布范围'),
  pinned: z.boolean().describe('置顶'),
  state: z.number().describe('状态：0 草稿，1 已发布，2 已撤回'),
  status: z.number().describe('显示状态：0 草稿，1 待发布，2 已发布，3 已撤回'),
  publishAt: z.string().nullable().describe('发布时间'),
  createdByName: z.string().nullable().describe('创建人'),
  createdAt: z.string().describe('创建时间'),
  audienceSize: z.number().describe('发布范围人数'),
  readCount: z.number().describe('已读人数'),
});
export type TNoticeRecord = z.infer<typeof ZNoticeRecordSchema>;

export const ZNoticePagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('标题'),
  status: z.number().int().min(0).max(3).nullish().describe('状态'),
});

export const ZNoticeDetailSchema = ZNoticeRecordSchema.extend({
  content: z.string().describe('内容'),
  deptIds: z.array(z.string()).describe('指定部门'),
  userIds: z.array(z.string()).describe('指定人员'),
  attachments: z.array(ZNoticeAttachmentSchema).describe('附件'),
});
export type TNoticeDetail = z.infer<typeof ZNoticeDetailSchema>;

export const ZNoticeUnreadParamsSchema = z.object({
  id: z.string().min(1).describe('公告ID'),
  keyword: z.string().trim().max(64).nullish().describe('关键字'),
});

export const ZNoticeUnreadUserSchema = z.object({
  id: z.string().describe('用户ID'),
  userName: z.string().describe('用户名'),
  realName: z.string().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
});
export type TNoticeUnreadUser = z.infer<typeof ZNoticeUnreadUserSchema>;

export const ZMyNoticeSchema = z.object({
  id: z.string().describe('公告ID'),
  title: z.string().describe('标题'),
  summary: z.string().describe('摘要'),
  pinned: z.boolean().describe('置顶'),
  publishAt: z.string().describe('发布时间'),
  read: z.boolean().describe('是否已读'),
});
export type TMyNotice = z.infer<typeof ZMyNoticeSchema>;

export const ZMyNoticePagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('标题'),
  read: z.boolean().nullish().describe('是否已读'),
});

export const ZNoticeViewSchema = z.object({
  id: z.string().describe('公告ID'),
  title: z.string().describe('标题'),
  content: z.string().describe('内容'),
  pinned: z.boolean().describe('置顶'),
  publishAt: z.string().describe('发布时间'),
  publisherName: z.string().nullable().describe('发布人'),
  attachments: z.array(ZNoticeAttachmentSchema).describe('附件'),
  readAt: z.string().describe('阅读时间'),
});
export type TNoticeView = z.infer<typeof ZNoticeViewSchema>;
