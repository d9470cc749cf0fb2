/** Helpers shared by the notice API tests. */
import { noticeMyPaging, noticeSave, sysUserMsgCountUnread } from '@exam/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { sysMsg, sysNotice, sysUser, sysUserMsg } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';

export const userId = async (t: TestApp, userName: string): Promise<string> => {
  const [u] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, userName));
  return u.id;
};

export const unread = async (t: TestApp, token: string): Promise<number> =>
  (await t.call(sysUserMsgCountUnread.path, {}, token)).data.count;

/** Saves a notice as admin; answers its id (fails the test on an error). */
export async function saveNotice(t: TestApp, admin: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.call(noticeSave.path, { content: '<p>正文</p>', openType: 1, ...body }, admin);
  if (res.code !== 0) throw new Error(`save failed: ${res.code} ${res.msg}`);
  return res.data.id;
}

/** Inbox rows (not deleted) of every message raised for the notice (matched by its title), per user. */
export async function inboxRows(t: TestApp, noticeId: string): Promise<{ userId: string; n: number }[]> {
  const [n] = await t.db.select({ title: sysNotice.title }).from(sysNotice).where(eq(sysNotice.id, noticeId));
  return t.db
    .select({ userId: sysUserMsg.userId, n: count() })
    .from(sysUserMsg)
    .innerJoin(sysMsg, eq(sysMsg.id, sysUserMsg.msgId))
    .where(and(eq(sysMsg.title, `【通知公告】${n.title}`), isNull(sysUserMsg.deletedAt)))
    .groupBy(sysUserMsg.userId);
}

export const myTitles = async (t: TestApp, token: string, params: Record<string, unknown> = {}): Promise<string[]> =>
  (await t.call(noticeMyPaging.path, { current: 1, size: 100, params }, token)).data.records.map(
    (r: { title: string }) => r.title,
  );
