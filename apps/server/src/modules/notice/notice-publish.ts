/**
 * Publishing a notice: now (visible and messaged at once) or at a time (visible from then; the
 * sweep below delivers its messages when the time comes), and withdrawing it.
 *
 * Messages: one sys_msg per publication and one inbox row per audience member, written by ONE
 * set-based `INSERT … SELECT … ON CONFLICT DO NOTHING` in the publishing transaction, through the
 * system module's message writer (system/msg/msg-broadcast.ts: the inbox tables are system's). The notice
 * row is locked (FOR UPDATE) first and `sys_user_msg_uq (msg_id, user_id)` backs it up, so a
 * double or concurrent publish gives each member exactly one message.
 */
import { NoticeState } from '@exam/contracts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { sysNotice } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/events/index.js';
import { startSweeper, sweepInBatches } from '../../platform/sweep.js';
import {
  createMessage,
  deliverToAudience,
  withdrawMessage,
  withdrawOutsideAudience,
} from '../system/msg/msg-broadcast.js';
import { audienceWhere, findManagedNotice, type NoticeRow } from './notice-audience.js';

const messageOf = (n: NoticeRow) => ({
  title: `【通知公告】${n.title}`,
  content: `${n.summary ? `${n.summary}\n\n` : ''}请到「系统公告」（/web/notice）查看全文。`,
});

/**
 * Creates the publication's message (once) and an inbox row for every audience member who lacks
 * one; removes it from the inboxes of people no longer in the audience. Idempotent.
 */
export async function deliverTx(tx: Executor, n: NoticeRow, now: Date): Promise<void> {
  const msgId = n.msgId ?? (await createMessage(tx, { ...messageOf(n), senderId: n.publishedBy }, now));
  await deliverToAudience(tx, msgId, audienceWhere(n), now);
  // Only an edit of a delivered notice can leave inbox rows outside the (new) audience.
  if (n.msgId) await withdrawOutsideAudience(tx, msgId, audienceWhere(n), now);
  const firstDelivery = !n.deliveredAt;
  await tx
    .update(sysNotice)
    .set({ msgId, deliveredAt: n.deliveredAt ?? now })
    .where(eq(sysNotice.id, n.id));
  if (firstDelivery) await publish(tx, { name: 'notice.published', payload: { noticeId: n.id } });
}

/**
 * Publishes now (publishAt absent or not in the future) or schedules. Publishing a notice that is
 * already out changes nothing (a double click gives one message each); rescheduling one that is
 * already out must go through withdraw.
 */
export async function publishNotice(
  db: Db,
  admin: AuthUser,
  input: { id: string; publishAt?: string | null },
  now: Date,
): Promise<void> {
  const at = input.publishAt ? new Date(input.publishAt) : now;
  await db.transaction(async (tx) => {
    const n = await findManagedNotice(tx, admin, input.id, true);
    if (!n) throw notFound('公告');
    if (n.state === NoticeState.PUBLISHED && n.deliveredAt) {
      if (at > now) throw conflict('公告已发布，如需定时发布请先撤回');
      return;
    }
    const scheduled = at > now;
    const [row] = await tx
      .update(sysNotice)
      .set({ state: NoticeState.PUBLISHED, publishAt: scheduled ? at : now, publishedBy: admin.id, deliveredAt: null })
      .where(eq(sysNotice.id, n.id))
      .returning();
    if (!scheduled) await deliverTx(tx, row, now);
  });
}

/** Hides a published notice from its audience and takes its message out of their inboxes. */
export async function withdrawNotice(db: Db, admin: AuthUser, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const n = await findManagedNotice(tx, admin, id, true);
    if (!n) throw notFound('公告');
    if (n.state !== NoticeState.PUBLISHED) throw conflict('只有已发布或待发布的公告可以撤回');
    await removeMessagesTx(tx, n, now);
    await tx
      .update(sysNotice)
      .set({ state: NoticeState.WITHDRAWN, msgId: null, deliveredAt: null })
      .where(eq(sysNotice.id, n.id));
  });
}

/** Soft-deletes the notice's message in every inbox (the unread badge drops with it). */
export async function removeMessagesTx(tx: Executor, n: Pick<NoticeRow, 'msgId'>, now: Date): Promise<void> {
  if (n.msgId) await withdrawMessage(tx, n.msgId, now);
}

/**
 * Delivers scheduled notices whose time has come; answers how many. Batches are locked with FOR
 * UPDATE SKIP LOCKED (platform/sweep.ts), so several instances sweeping at once deliver each once.
 */
export function sweepDueNotices(db: Db, now: Date, maxBatches = 50): Promise<number> {
  return sweepInBatches(db, {
    maxBatches,
    lockDue: (tx, limit) =>
      tx
        .select()
        .from(sysNotice)
        .where(
          and(
            eq(sysNotice.state, NoticeState.PUBLISHED),
            isNull(sysNotice.deliveredAt),
            isNull(sysNotice.deletedAt),
            lte(sysNotice.publishAt, now),
          ),
        )
        .orderBy(asc(sysNotice.publishAt))
        .limit(limit)
        .for('update', { skipLocked: true }),
    handle: (tx, n) => deliverTx(tx, n, now),
  });
}

/** Starts this process's periodic sweep (every `everyMs`); answers a stop function. */
export function startNoticeSweeper(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  everyMs = 15_000,
  onError: (err: unknown) => void = (err) => console.error('定时公告发布任务失败', err),
): () => void {
  return startSweeper(() => sweepDueNotices(deps.db, deps.clock()), everyMs, onError);
}
