/**
 * Who may watch a room: the exam/course open types (1 everyone, 2 departments and below, 3 named
 * people) evaluated live from `el_live`, like courses (course/course-audience.ts). Administrators
 * holding live:live:view and the room's lecturer may open every room (to answer questions). One
 * refusal for the detail, heartbeat, chat and replay bytes.
 */
import { ErrorCode, RoleType } from '@exam/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { elLive } from '../../db/schema/index.js';
import { type AuthUser, cachedPermissions } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

export type LiveRow = typeof elLive.$inferSelect;

/** Condition on el_live: the room is addressed to this learner. */
export function liveOpenTo(user: Pick<AuthUser, 'id' | 'deptCode'>): SQL {
  const deptMatch = user.deptCode
    ? sql`exists (select 1 from sys_depart d where d.id = any(${elLive.deptIds}) and ${user.deptCode} like d.code || '%')`
    : sql`false`;
  return sql`(${elLive.openType} = 1
    or (${elLive.openType} = 2 and ${deptMatch})
    or (${elLive.openType} = 3 and ${user.id} = any(${elLive.userIds})))`;
}

export const NOT_IN_AUDIENCE = '直播不存在或您不在该直播的观看范围内';

export type Viewer = { room: LiveRow; role: 'learner' | 'lecturer' | 'admin'; canManage: boolean };

/** The room this user may watch, with their role in it, or the one refusal (one query for a learner). */
export async function roomForViewer(db: Executor, user: AuthUser, liveId: string): Promise<Viewer> {
  const [found] = await db
    .select({ room: elLive, open: sql<boolean>`${liveOpenTo(user)}` })
    .from(elLive)
    .where(and(eq(elLive.id, liveId), isNull(elLive.deletedAt)));
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, NOT_IN_AUDIENCE);
  const { room } = found;
  const perms = user.roleType === RoleType.ADMIN ? await cachedPermissions(db, user.id) : [];
  const canManage = perms.includes('live:chat:manage');
  if (perms.includes('live:live:view')) return { room, role: 'admin', canManage };
  if (room.lecturerId === user.id) return { room, role: 'lecturer', canManage };
  if (!found.open) throw new AppError(ErrorCode.NOT_FOUND, NOT_IN_AUDIENCE);
  return { room, role: 'learner', canManage: false };
}
