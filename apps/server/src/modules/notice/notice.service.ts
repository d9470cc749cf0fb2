/** Notices for administrators: list with read rates, detail, save, delete, who has not read one. */
import {
  hasRichContent,
  htmlToText,
  NoticeState,
  NoticeStatus,
  type TNoticeAttachment,
  type TNoticeDetail,
  type TNoticeRecord,
  type ZNoticeSaveSchema,
} from '@exam/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sysDepart, sysFile, sysNotice, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { authorize } from '../../platform/policy/index.js';
import { sanitizeRichText } from '../../platform/sanitize-html.js';
import { userScope } from '../system/data-scope.js';
import { audiencePolicy } from './notice.policy.js';
import { audienceWhere, findManagedNotice, type NoticeRow, noticeInScope, userInNoticeRow } from './notice-audience.js';
import { markAttachmentsPrivate } from './notice-files.js';
import { deliverTx, removeMessagesTx } from './notice-publish.js';

type SaveInput = z.output<typeof ZNoticeSaveSchema>;

const SUMMARY_LENGTH = 120;

/** 草稿 / 待发布 / 已发布 / 已撤回, from the state and the publish time. */
export function statusOf(n: Pick<NoticeRow, 'state' | 'publishAt'>, now: Date): number {
  if (n.state === NoticeState.DRAFT) return NoticeStatus.DRAFT;
  if (n.state === NoticeState.WITHDRAWN) return NoticeStatus.WITHDRAWN;
  return n.publishAt && n.publishAt > now ? NoticeStatus.SCHEDULED : NoticeStatus.PUBLISHED;
}

function statusWhere(status: number | null | undefined, now: Date): SQL | undefined {
  if (status === NoticeStatus.DRAFT) return eq(sysNotice.state, NoticeState.DRAFT);
  if (status === NoticeStatus.WITHDRAWN) return eq(sysNotice.state, NoticeState.WITHDRAWN);
  if (status === NoticeStatus.SCHEDULED)
    return and(eq(sysNotice.state, NoticeState.PUBLISHED), gt(sysNotice.publishAt, now));
  if (status === NoticeStatus.PUBLISHED)
    return and(eq(sysNotice.state, NoticeState.PUBLISHED), lte(sysNotice.publishAt, now));
  return undefined;
}

/** Audience size and readers among it (active accounts), live, for the sys_notice row of the outer query. */
const audienceSize = sql<number>`(select count(*) from sys_user u
  where u.deleted_at is null and u.state = 0 and ${userInNoticeRow()})`.mapWith(Number);
const readCount = sql<number>`(select count(*) from sys_user u
  join sys_notice_read r on r.notice_id = sys_notice.id and r.user_id = u.id
  where u.deleted_at is null and u.state = 0 and ${userInNoticeRow()})`.mapWith(Number);

const recordColumns = {
  n: sysNotice,
  createdByName: sql<string | null>`(select cu.real_name from sys_user cu where cu.id = sys_notice.created_by)`,
  audienceSize,
  readCount,
};

type RecordRow = { n: NoticeRow; createdByName: string | null; audienceSize: number; readCount: number };

const toRecord = (r: RecordRow, now: Date): TNoticeRecord => ({
  id: r.n.id,
  title: r.n.title,
  openType: r.n.openType,
  pinned: r.n.pinned,
  state: r.n.state,
  status: statusOf(r.n, now),
  publishAt: r.n.publishAt?.toISOString() ?? null,
  createdByName: r.createdByName,
  createdAt: r.n.createdAt.toISOString(),
  audienceSize: r.audienceSize,
  readCount: r.readCount,
});

export async function pagingNotices(
  db: Executor,
  admin: AuthUser,
  params: { title?: string | null; status?: number | null },
  current: number,
  size: number,
  now: Date,
) {
  const where = and(
    isNull(sysNotice.deletedAt),
    noticeInScope(admin),
    params.title ? ilike(sysNotice.title, containing(params.title)) : undefined,
    statusWhere(params.status, now),
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysNotice).where(where),
    db
      .select(recordColumns)
      .from(sysNotice)
      .where(where)
      .orderBy(desc(sysNotice.pinned), desc(sysNotice.createdAt), desc(sysNotice.id))
      .$dynamic(),
    (r) => toRecord(r, now),
  );
}

/** Attachment rows in the notice's order (files removed since are left out). */
export async function attachmentsOf(db: Executor, fileIds: string[]): Promise<TNoticeAttachment[]> {
  if (fileIds.length === 0) return [];
  const files = await db
    .select({ id: sysFile.id, name: sysFile.originalName, size: sysFile.size })
    .from(sysFile)
    .where(inArray(sysFile.id, fileIds));
  const byId = new Map(files.map((f) => [f.id, f]));
  return fileIds.flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ ...f, url: `/api/common/file/${f.id}` }] : [];
  });
}

export async function noticeDetail(db: Executor, admin: AuthUser, id: string, now: Date): Promise<TNoticeDetail> {
  const [r] = await db
    .select(recordColumns)
    .from(sysNotice)
    .where(and(eq(sysNotice.id, id), isNull(sysNotice.deletedAt), noticeInScope(admin)));
  if (!r) throw notFound('公告');
  return {
    ...toRecord(r, now),
    content: r.n.content,
    deptIds: r.n.deptIds,
    userIds: r.n.userIds,
    attachments: await attachmentsOf(db, r.n.fileIds),
  };
}

/** Creates (as a draft) or updates a notice; a published one gets its audience's messages brought in line. */
export async function saveNotice(db: Db, admin: AuthUser, input: SaveInput, now: Date): Promise<string> {
  const content = sanitizeRichText(input.content);
  if (!hasRichContent(content)) throw badParams('公告内容：请输入公告内容');
  const fileIds = [...new Set(input.fileIds)];
  const values = {
    title: input.title,
    content,
    summary: htmlToText(content).replace(/\s+/g, ' ').slice(0, SUMMARY_LENGTH),
    openType: input.openType,
    deptIds: input.openType === 2 ? [...new Set(input.deptIds)] : [],
    userIds: input.openType === 3 ? [...new Set(input.userIds)] : [],
    pinned: input.pinned,
    fileIds,
  };
  await authorize(db, admin, audiencePolicy, 'address', { admin, audience: values });
  if (fileIds.length) {
    const found = await db.select({ id: sysFile.id }).from(sysFile).where(inArray(sysFile.id, fileIds));
    if (found.length !== fileIds.length) throw badParams('附件：文件不存在或已被删除');
  }
  return db.transaction(async (tx) => {
    await markAttachmentsPrivate(tx, fileIds);
    if (!input.id) {
      const [row] = await tx
        .insert(sysNotice)
        .values({ ...values, createdBy: admin.id })
        .returning({ id: sysNotice.id });
      return row.id;
    }
    const n = await findManagedNotice(tx, admin, input.id, true);
    if (!n) throw notFound('公告');
    const [row] = await tx.update(sysNotice).set(values).where(eq(sysNotice.id, n.id)).returning();
    if (row.state === NoticeState.PUBLISHED && row.deliveredAt) await deliverTx(tx, row, now);
    return row.id;
  });
}

/** Soft-deletes notices in scope and takes their messages out of the inboxes. */
export async function deleteNotices(db: Db, admin: AuthUser, ids: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(sysNotice)
      .set({ deletedAt: now })
      .where(and(inArray(sysNotice.id, ids), isNull(sysNotice.deletedAt), noticeInScope(admin)))
      .returning({ msgId: sysNotice.msgId });
    if (rows.length === 0) throw notFound('公告');
    for (const r of rows) await removeMessagesTx(tx, r, now);
  });
}

/** Audience members (inside the administrator's data scope) who have not opened the notice. */
export async function listUnread(
  db: Executor,
  admin: AuthUser,
  params: { id: string; keyword?: string | null },
  current: number,
  size: number,
) {
  const n = await findManagedNotice(db, admin, params.id);
  if (!n) throw notFound('公告');
  const kw = params.keyword ? containing(params.keyword) : null;
  const where = and(
    audienceWhere(n),
    userScope(admin),
    sql`not exists (select 1 from sys_notice_read r where r.notice_id = ${n.id} and r.user_id = sys_user.id)`,
    kw ? or(ilike(sysUser.userName, kw), ilike(sysUser.realName, kw)) : undefined,
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysUser).where(where),
    db
      .select({ id: sysUser.id, userName: sysUser.userName, realName: sysUser.realName, deptName: sysDepart.name })
      .from(sysUser)
      .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
      .where(where)
      .orderBy(asc(sysUser.userName))
      .$dynamic(),
    (r) => r,
  );
}
