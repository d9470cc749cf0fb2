/**
 * System notices (通知公告) and who has read them.
 *
 * - Audience (`open_type`) follows the exam open types: 1 everyone, 2 departments (and their
 *   sub-departments), 3 named people; it is evaluated live, so someone joining a department later
 *   sees the department's notices too.
 * - `state` 0 draft, 1 published, 2 withdrawn. A published notice is visible from `publish_at`;
 *   `delivered_at` says its inbox messages (`msg_id`) were created for the current publication:
 *   null with `publish_at` past means the scheduled-publish sweep still has to deliver it.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export const sysNotice = pgTable(
  'sys_notice',
  {
    id: idColumn(),
    title: text('title').notNull(),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    /** Plain-text start of the content for lists. */
    summary: text('summary').notNull().default(''),
    openType: smallint('open_type').notNull().default(1),
    deptIds: text('dept_ids').array().notNull().default(sql`'{}'::text[]`),
    userIds: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    pinned: boolean('pinned').notNull().default(false),
    /** Attachments: ids of sys_file rows, in display order. */
    fileIds: text('file_ids').array().notNull().default(sql`'{}'::text[]`),
    state: smallint('state').notNull().default(0),
    publishAt: tz('publish_at'),
    deliveredAt: tz('delivered_at'),
    msgId: text('msg_id'),
    createdBy: text('created_by'),
    publishedBy: text('published_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sys_notice_list_idx').on(t.state, t.pinned, t.publishAt),
    index('sys_notice_due_idx')
      .on(t.publishAt)
      .where(sql`${t.state} = 1 and ${t.deliveredAt} is null and ${t.deletedAt} is null`),
  ],
);

/** One row per (notice, reader): the first time they opened it. */
export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: text('notice_id').notNull(),
    userId: text('user_id').notNull(),
    readAt: tz('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_read_user_idx').on(t.userId)],
);
