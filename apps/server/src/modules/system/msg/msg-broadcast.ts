/**
 * A message sent to an audience given as a condition on sys_user (a notice's departments and
 * roles): the inbox tables are system's, so other modules deliver through these.
 * Each is one set-based statement in the caller's transaction.
 */
import { and, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import { sysMsg, sysUser, sysUserMsg } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';

/** Creates a message (no inbox row yet); answers its id. */
export async function createMessage(
  tx: Executor,
  msg: { title: string; content: string; senderId: string | null },
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(sysMsg)
    .values({ ...msg, createdAt: now })
    .returning({ id: sysMsg.id });
  return row.id;
}

/**
 * Puts the message in the inbox of every user matching `audience` who lacks it (one
 * `INSERT … SELECT … ON CONFLICT DO NOTHING`: sys_user_msg_uq makes a repeat a no-op).
 */
export async function deliverToAudience(tx: Executor, msgId: string, audience: SQL, now: Date): Promise<void> {
  await tx.execute(sql`insert into ${sysUserMsg} (id, msg_id, user_id, created_at)
    select gen_random_uuid()::text, ${msgId}, ${sysUser.id}, ${now.toISOString()}::timestamptz
    from ${sysUser} where ${audience}
    on conflict (msg_id, user_id) do nothing`);
}

/** Takes the message out of the inboxes of users no longer matching `audience`. */
export async function withdrawOutsideAudience(tx: Executor, msgId: string, audience: SQL, now: Date): Promise<void> {
  await tx
    .update(sysUserMsg)
    .set({ deletedAt: now })
    .where(
      and(
        eq(sysUserMsg.msgId, msgId),
        isNull(sysUserMsg.deletedAt),
        not(sql`${sysUserMsg.userId} in (select ${sysUser.id} from ${sysUser} where ${audience})`),
      ),
    );
}

/** Soft-deletes the message in every inbox (the unread badge drops with it). */
export async function withdrawMessage(tx: Executor, msgId: string, now: Date): Promise<void> {
  await tx
    .update(sysUserMsg)
    .set({ deletedAt: now })
    .where(and(eq(sysUserMsg.msgId, msgId), isNull(sysUserMsg.deletedAt)));
}

/** Marks the message read in one user's inbox (reading its source, e.g. the notice, reads it). */
export async function markMessageRead(tx: Executor, msgId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(sysUserMsg)
    .set({ readAt: now })
    .where(and(eq(sysUserMsg.msgId, msgId), eq(sysUserMsg.userId, userId), isNull(sysUserMsg.readAt)));
}
