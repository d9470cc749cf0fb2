/** Notices for the reader (any signed-in user): the list (pinned first, unread marked) and reading one. */
import { ErrorCode, NoticeState, type TMyNotice, type TNoticeView } from '@exam/contracts';
import { and, count, desc, eq, ilike, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { sysNotice, sysNoticeRead } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { markMessageRead } from '../system/msg/msg-broadcast.js';
import { attachmentsOf } from './notice.service.js';
import { noticeOpenTo } from './notice-audience.js';

type Reader = Pick<AuthUser, 'id' | 'deptCode'>;

/** Published, its time come, not deleted: what a reader of its audience may see. */
const visibleAt = (now: Date): SQL =>
  and(eq(sysNotice.state, NoticeState.PUBLISHED), lte(sysNotice.publishAt, now), isNull(sysNotice.deletedAt)) as SQL;

const readBy = (userId: string) =>
  sql`exists (select 1 from sys_notice_read r where r.notice_id = sys_notice.id and r.user_id = ${userId})`;

export async function pagingMyNotices(
  db: Executor,
  reader: Reader,
  params: { title?: string | null; read?: boolean | null },
  current: number,
  size: number,
  now: Date,
) {
  const where = and(
    visibleAt(now),
    noticeOpenTo(reader),
    params.title ? ilike(sysNotice.title, containing(params.title)) : undefined,
    params.read === true ? readBy(reader.id) : undefined,
    params.read === false ? sql`not ${readBy(reader.id)}` : undefined,
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysNotice).where(where),
    db
      .select({
        id: sysNotice.id,
        title: sysNotice.title,
        summary: sysNotice.summary,
        pinned: sysNotice.pinned,
        publishAt: sysNotice.publishAt,
        read: readBy(reader.id).mapWith(Boolean),
      })
      .from(sysNotice)
      .where(where)
      .orderBy(desc(sysNotice.pinned), desc(sysNotice.publishAt), desc(sysNotice.id))
      .$dynamic(),
    (r): TMyNotice => ({ ...r, publishAt: (r.publishAt as Date).toISOString() }),
  );
}

/**
 * One notice for its reader; the first opening is recorded (read rate) and the notice's message
 * in their inbox is marked read too (the unread badge drops).
 */
export async function readNotice(db: Db, reader: Reader, id: string, now: Date): Promise<TNoticeView> {
  const [row] = await db
    .select({
      n: sysNotice,
      open: noticeOpenTo(reader).mapWith(Boolean),
      publisherName: sql<string | null>`(select pu.real_name from sys_user pu
        where pu.id = coalesce(sys_notice.published_by, sys_notice.created_by))`,
    })
    .from(sysNotice)
    .where(and(eq(sysNotice.id, id), isNull(sysNotice.deletedAt)));
  const n = row?.n;
  if (!n || n.state === NoticeState.DRAFT || !n.publishAt || n.publishAt > now)
    throw new AppError(ErrorCode.NOT_FOUND, '公告不存在或尚未发布');
  if (n.state === NoticeState.WITHDRAWN) throw new AppError(ErrorCode.NOT_FOUND, '该公告已撤回');
  if (!row.open) throw new AppError(ErrorCode.NO_PERMISSION, '您不在该公告的发布范围内，无法查看');

  const readAt = await db.transaction(async (tx) => {
    await tx.insert(sysNoticeRead).values({ noticeId: n.id, userId: reader.id, readAt: now }).onConflictDoNothing();
    if (n.msgId) await markMessageRead(tx, n.msgId, reader.id, now);
    const [r] = await tx
      .select({ readAt: sysNoticeRead.readAt })
      .from(sysNoticeRead)
      .where(and(eq(sysNoticeRead.noticeId, n.id), eq(sysNoticeRead.userId, reader.id)));
    return r.readAt;
  });
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    pinned: n.pinned,
    publishAt: n.publishAt.toISOString(),
    publisherName: row.publisherName,
    attachments: await attachmentsOf(db, n.fileIds),
    readAt: readAt.toISOString(),
  };
}
