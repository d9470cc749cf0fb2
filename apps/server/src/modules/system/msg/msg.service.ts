/** Messages: each learner's inbox, and administrators sending to everyone, departments or people. */
import type { TMsgSend, TUserMsg } from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { sysDepart, sysMsg, sysUser, sysUserMsg } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { badParams, notFound } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { containing, escapeLike } from '../../../platform/like.js';
import { paginate } from '../../../platform/paging.js';
import { userScope } from '../data-scope.js';
import { iso, isoOrNull } from '../tree.js';

export { countUnread } from '../user/auth.service.js';

const inboxColumns = {
  id: sysUserMsg.id,
  msgId: sysMsg.id,
  title: sysMsg.title,
  content: sysMsg.content,
  readAt: sysUserMsg.readAt,
  createdAt: sysUserMsg.createdAt,
};

const toUserMsg = (r: { readAt: Date | null; createdAt: Date } & Omit<TUserMsg, 'read' | 'readAt' | 'createdAt'>) => ({
  ...r,
  read: r.readAt !== null,
  readAt: isoOrNull(r.readAt),
  createdAt: iso(r.createdAt),
});

/** The signed-in user's messages, newest first, optionally only read or unread ones. */
export async function pagingMyMsgs(
  db: Executor,
  userId: string,
  current: number,
  size: number,
  params: { read?: boolean | null; keyword?: string | null },
) {
  const where: (SQL | undefined)[] = [eq(sysUserMsg.userId, userId), isNull(sysUserMsg.deletedAt)];
  if (params.read === true) where.push(isNotNull(sysUserMsg.readAt));
  if (params.read === false) where.push(isNull(sysUserMsg.readAt));
  if (params.keyword) where.push(ilike(sysMsg.title, containing(params.keyword)));
  const cond = and(...where);
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysUserMsg).innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId)).where(cond),
    db
      .select(inboxColumns)
      .from(sysUserMsg)
      .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
      .where(cond)
      .orderBy(desc(sysUserMsg.createdAt), desc(sysUserMsg.id))
      .$dynamic(),
    toUserMsg,
  );
}

/** One of the user's messages; marks it read. */
export async function readMyMsg(db: Executor, userId: string, id: string, now: Date) {
  const mine = and(eq(sysUserMsg.id, id), eq(sysUserMsg.userId, userId), isNull(sysUserMsg.deletedAt));
  await db
    .update(sysUserMsg)
    .set({ readAt: now })
    .where(and(mine, isNull(sysUserMsg.readAt)));
  const [row] = await db
    .select(inboxColumns)
    .from(sysUserMsg)
    .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
    .where(mine);
  if (!row) throw notFound('消息');
  return toUserMsg(row);
}

/** Marks the given messages (or all) of the user read. */
export async function markRead(db: Executor, userId: string, ids: string[] | undefined, all: boolean, now: Date) {
  const where = [eq(sysUserMsg.userId, userId), isNull(sysUserMsg.readAt), isNull(sysUserMsg.deletedAt)];
  if (!all) where.push(inArray(sysUserMsg.id, ids ?? []));
  await db
    .update(sysUserMsg)
    .set({ readAt: now })
    .where(and(...where));
}

/** Removes messages from the user's inbox only (soft delete of their copy). */
export async function deleteMyMsgs(db: Executor, userId: string, ids: string[], now: Date) {
  await db
    .update(sysUserMsg)
    .set({ deletedAt: now })
    .where(and(eq(sysUserMsg.userId, userId), inArray(sysUserMsg.id, ids), isNull(sysUserMsg.deletedAt)));
}

/** Creates one message and one inbox row per recipient, in one transaction. */
export async function notifyUser(
  db: Db,
  userIds: string[],
  title: string,
  content: string,
  senderId: string | null = null,
): Promise<{ msgId: string; recipients: number }> {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    const [msg] = await tx.insert(sysMsg).values({ title, content, senderId }).returning({ id: sysMsg.id });
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .insert(sysUserMsg)
        .values(ids.slice(i, i + 1000).map((userId) => ({ msgId: msg.id, userId })))
        .onConflictDoNothing();
    }
    return { msgId: msg.id, recipients: ids.length };
  });
}

/**
 * Many messages of one recipient each (the outbox's batch of "阅卷完成" notes) in two statements,
 * whatever their number: the messages, then their inbox rows.
 */
export async function notifyEach(
  tx: Executor,
  items: { userId: string; title: string; content: string; senderId: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((i) => ({ id: newId(), ...i }));
  await tx.insert(sysMsg).values(rows.map(({ userId: _, ...msg }) => msg));
  await tx.insert(sysUserMsg).values(rows.map((r) => ({ msgId: r.id, userId: r.userId })));
}

/** Resolves the targets of a send (departments include their sub-departments) within the sender's data scope. */
export async function resolveRecipients(db: Executor, sender: AuthUser, input: TMsgSend): Promise<string[]> {
  const where: (SQL | undefined)[] = [isNull(sysUser.deletedAt), userScope(sender)];
  if (input.target === 'dept') {
    const depts = await db
      .select({ code: sysDepart.code })
      .from(sysDepart)
      .where(inArray(sysDepart.id, input.deptIds ?? []));
    if (depts.length !== new Set(input.deptIds).size) throw notFound('部门');
    const prefixes = depts.map((d) => sql`${sysDepart.code} like ${`${escapeLike(d.code)}%`}`);
    where.push(
      inArray(
        sysUser.deptId,
        db
          .select({ id: sysDepart.id })
          .from(sysDepart)
          .where(or(...prefixes)),
      ),
    );
  } else if (input.target === 'user') {
    where.push(inArray(sysUser.id, input.userIds ?? []));
  }
  const rows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(...where));
  if (rows.length === 0) throw badParams('发送对象：没有符合条件的接收人（或不在您的数据范围内）');
  return rows.map((r) => r.id);
}

/** Sent messages with their recipient and read counts. */
export async function pagingSentMsgs(db: Executor, current: number, size: number, params: { keyword?: string | null }) {
  const cond = params.keyword ? ilike(sysMsg.title, containing(params.keyword)) : undefined;
  return paginate(
    { current, size },
    db.select({ n: count() }).from(sysMsg).where(cond),
    db
      .select({
        id: sysMsg.id,
        title: sysMsg.title,
        content: sysMsg.content,
        senderName: sysUser.realName,
        createdAt: sysMsg.createdAt,
        recipients: sql<number>`(select count(*) from ${sysUserMsg} where ${sysUserMsg.msgId} = ${sysMsg.id})`.mapWith(
          Number,
        ),
        readCount:
          sql<number>`(select count(*) from ${sysUserMsg} where ${sysUserMsg.msgId} = ${sysMsg.id} and ${sysUserMsg.readAt} is not null)`.mapWith(
            Number,
          ),
      })
      .from(sysMsg)
      .leftJoin(sysUser, eq(sysUser.id, sysMsg.senderId))
      .where(cond)
      .orderBy(desc(sysMsg.createdAt), desc(sysMsg.id))
      .$dynamic(),
    (r) => ({ ...r, createdAt: iso(r.createdAt) }),
  );
}
