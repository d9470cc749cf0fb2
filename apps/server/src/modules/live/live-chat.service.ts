/**
 * The chat / Q&A panel. Messages are plain text, stored as typed ("1<2" stays
 * "1<2"): control and invisible format characters are removed on the server, and every reader
 * renders the text as text (the web through React's escaping), never as markup. The lecturer's and the
 * administrators' messages carry their role. A muted learner cannot send; a learner may send one
 * message every CHAT_GAP_S seconds (a per-user request limit on the route on top). Administrators
 * holding live:chat:manage delete messages and mute learners, each within their data scope.
 */
import { ErrorCode, RoleType, type TLiveChat, type TLiveChatList } from '@exam/contracts';
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { elLiveChat, elLiveMute, sysRole, sysUserRole } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { authorize } from '../../platform/policy/index.js';
import { userScope } from '../system/data-scope.js';
import { userPolicy } from '../system/user/user.policy.js';
import type { Viewer } from './live-audience.js';

export const CHAT_GAP_S = 2;
const HISTORY = 100;

/**
 * Plain text: no control or format characters (newlines kept), trimmed. Brackets and ampersands
 * stay: the text is never read as markup, so "1<2" means 1<2.
 */
export function sanitizeChat(text: string): string {
  return text
    .replace(/\p{Cc}/gu, (c) => (c === '\n' ? c : '')) // control characters, newlines kept
    .replace(/\p{Cf}/gu, '') // invisible format characters: zero-width, bidirectional overrides
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const toChat = (r: typeof elLiveChat.$inferSelect): TLiveChat => ({
  id: r.id,
  liveId: r.liveId,
  userId: r.userId,
  userName: r.userName,
  role: r.role as TLiveChat['role'],
  content: r.content,
  createdAt: r.createdAt.toISOString(),
});

export async function isMuted(db: Executor, liveId: string, userId: string): Promise<boolean> {
  const [m] = await db
    .select({ userId: elLiveMute.userId })
    .from(elLiveMute)
    .where(and(eq(elLiveMute.liveId, liveId), eq(elLiveMute.userId, userId)));
  return Boolean(m);
}

/**
 * One statement (bench/live.ts): a learner's mute and the CHAT_GAP_S gap are checked and the line
 * inserted together, and the answer says which check refused it. Two sends of one learner at the
 * same instant may both pass the gap (as two separate checks would); the route's per-user request
 * limit still bounds them.
 */
export async function sendChat(
  db: Executor,
  viewer: Viewer,
  user: AuthUser,
  content: string,
  now: Date,
): Promise<TLiveChat> {
  const text = sanitizeChat(content);
  if (!text) throw new AppError(ErrorCode.BAD_PARAMS, '消息内容：请输入消息内容');
  const msg: TLiveChat = {
    id: newId(),
    liveId: viewer.room.id,
    userId: user.id,
    userName: user.realName || user.userName,
    role: viewer.role,
    content: text,
    createdAt: now.toISOString(),
  };
  const learner = sql`${viewer.role === 'learner'}::boolean`;
  const since = new Date(now.getTime() - CHAT_GAP_S * 1000).toISOString();
  const res = await db.execute(sql`with muted as (
      select 1 from ${elLiveMute} where ${learner} and live_id = ${msg.liveId} and user_id = ${msg.userId}
    ), recent as (
      select 1 from ${elLiveChat} where ${learner} and live_id = ${msg.liveId} and user_id = ${msg.userId}
        and created_at >= ${since}::timestamptz limit 1
    ), sent as (
      insert into ${elLiveChat} (id, live_id, user_id, user_name, role, content, created_at)
      select ${msg.id}, ${msg.liveId}, ${msg.userId}, ${msg.userName}, ${msg.role}, ${msg.content}, ${msg.createdAt}::timestamptz
      where not exists (select 1 from muted) and not exists (select 1 from recent)
      returning id
    )
    select exists (select 1 from muted) as muted, exists (select 1 from recent) as recent,
      exists (select 1 from sent) as sent`);
  const row = res.rows[0] as { muted: boolean; recent: boolean; sent: boolean };
  if (row.muted) throw new AppError(ErrorCode.CONFLICT, '您已被管理员禁言');
  if (row.recent) throw new AppError(ErrorCode.CONFLICT, '发言太频繁，请稍后再试');
  if (!row.sent) throw new Error('live chat: the line was not stored');
  return msg;
}

/** The latest messages (or those after `afterId`), and which of the recent ones were deleted. */
export async function listChat(
  db: Executor,
  liveId: string,
  userId: string,
  afterId: string | null | undefined,
): Promise<TLiveChatList> {
  const rows = await db
    .select()
    .from(elLiveChat)
    .where(
      and(
        eq(elLiveChat.liveId, liveId),
        isNull(elLiveChat.deletedAt),
        afterId ? gt(elLiveChat.id, afterId) : undefined,
      ),
    )
    .orderBy(desc(elLiveChat.id))
    .limit(HISTORY);
  const deleted = await db
    .select({ id: elLiveChat.id })
    .from(elLiveChat)
    .where(and(eq(elLiveChat.liveId, liveId), isNotNull(elLiveChat.deletedAt)))
    .orderBy(desc(elLiveChat.id))
    .limit(HISTORY);
  return {
    messages: rows.reverse().map(toChat),
    deleted: deleted.map((d) => d.id),
    muted: await isMuted(db, liveId, userId),
  };
}

/**
 * Deletes a line: the administrator's own, or one by a user within their data scope (as muting: a
 * department's administrator cannot remove another department's learners' lines). One statement in
 * the usual case; a refusal looks again to say why.
 */
export async function deleteChat(db: Executor, admin: AuthUser, id: string, now: Date): Promise<{ liveId: string }> {
  const [row] = await db
    .update(elLiveChat)
    .set({ deletedAt: now, deletedBy: admin.id })
    .where(
      and(
        eq(elLiveChat.id, id),
        isNull(elLiveChat.deletedAt),
        or(eq(elLiveChat.userId, admin.id), userScope(admin, elLiveChat.userId)),
      ),
    )
    .returning({ liveId: elLiveChat.liveId });
  if (row) return row;
  const [line] = await db
    .select({ userId: elLiveChat.userId })
    .from(elLiveChat)
    .where(and(eq(elLiveChat.id, id), isNull(elLiveChat.deletedAt)));
  if (line) await authorize(db, admin, userPolicy, 'view', [line.userId]); // names the author outside the scope
  throw notFound('消息');
}

export const MUTE_ADMIN_REFUSAL = '只能禁言学员，不能禁言管理员';

/**
 * Mutes (or lets speak again) a learner of the room. Only a learner within the administrator's data
 * scope: a department's administrator cannot silence another department's learners, and nobody
 * mutes an administrator (whose messages carry their role).
 */
export async function muteLearner(db: Executor, admin: AuthUser, liveId: string, userId: string, muted: boolean) {
  await authorize(db, admin, userPolicy, 'view', [userId]);
  const [adminRole] = await db
    .select({ id: sysRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.roleType, RoleType.ADMIN)))
    .limit(1);
  if (adminRole) throw new AppError(ErrorCode.NO_PERMISSION, MUTE_ADMIN_REFUSAL);
  if (muted) await db.insert(elLiveMute).values({ liveId, userId, mutedBy: admin.id }).onConflictDoNothing();
  else await db.delete(elLiveMute).where(and(eq(elLiveMute.liveId, liveId), eq(elLiveMute.userId, userId)));
}
