/**
 * Rooms (直播管理): save with the audience rules of exams and courses (and the administrator's data
 * scope), the list with the derived state, push details and key regeneration, delete. A room an
 * administrator manages was created by someone inside their data scope (like notices).
 */
import {
  LiveState,
  type TLivePush,
  type TLiveRecord,
  type ZLivePagingParamsSchema,
  type ZLiveSaveSchema,
} from '@exam/contracts';
import { and, count, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { elCourse, elLive, elLiveViewer, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { badParams, notFound } from '../../platform/errors.js';
import { secretId } from '../../platform/ids.js';
import { containing } from '../../platform/like.js';
import { page } from '../../platform/paging.js';
import { authorize } from '../../platform/policy/index.js';
import { audiencePolicy } from '../notice/notice.policy.js';
import { type ScopeHolder, userScope } from '../system/data-scope.js';
import type { LiveRow } from './live-audience.js';
import { liveSettings } from './live-settings.js';
import { liveState, ONLINE_WINDOW_S } from './live-state.js';

/**
 * A room an administrator holding the live permissions manages. Like courses, rooms are shared by
 * the administrators; the data scope limits the people: whom a room may address (saveRoom) and
 * whose figures the statistics show (live-stat.service.ts).
 */
export async function managedRoom(db: Executor, _admin: AuthUser, id: string): Promise<LiveRow> {
  const [row] = await db
    .select()
    .from(elLive)
    .where(and(eq(elLive.id, id), isNull(elLive.deletedAt)));
  if (!row) throw notFound('直播');
  return row;
}

/** SQL of the derived state (live-state.ts says the same in TypeScript). */
function stateIs(state: number, now: Date): SQL {
  const ended = sql`(${elLive.endTime} <= ${now} or ${elLive.lastEndedAt} > ${elLive.startTime})`;
  if (state === LiveState.LIVE) return sql`${elLive.publishingSince} is not null`;
  if (state === LiveState.ENDED) return sql`(${elLive.publishingSince} is null and ${ended})`;
  return sql`(${elLive.publishingSince} is null and not ${ended})`;
}

/**
 * Viewers online now per room; with `scope` (an administrator's screens) only the viewers inside
 * their data scope, as the statistics count them (live-stat.service.ts).
 */
export async function onlineCounts(
  db: Executor,
  ids: string[],
  now: Date,
  scope?: ScopeHolder,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const since = new Date(now.getTime() - ONLINE_WINDOW_S * 1000);
  const rows = await db
    .select({ liveId: elLiveViewer.liveId, n: count() })
    .from(elLiveViewer)
    .where(
      and(
        inArray(elLiveViewer.liveId, ids),
        eq(elLiveViewer.playing, true),
        gt(elLiveViewer.lastBeatAt, since),
        scope ? userScope(scope, elLiveViewer.userId) : undefined,
      ),
    )
    .groupBy(elLiveViewer.liveId);
  return new Map(rows.map((r) => [r.liveId, r.n]));
}

type SaveInput = z.output<typeof ZLiveSaveSchema>;

export async function saveRoom(db: Executor, admin: AuthUser, input: SaveInput): Promise<string> {
  await authorize(db, admin, audiencePolicy, 'address', { admin, audience: input });
  if (input.courseId) {
    const [course] = await db
      .select({ id: elCourse.id })
      .from(elCourse)
      .where(and(eq(elCourse.id, input.courseId), isNull(elCourse.deletedAt)));
    if (!course) throw badParams('关联课程：课程不存在或已被删除');
  }
  if (input.lecturerId) {
    const [u] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.id, input.lecturerId), isNull(sysUser.deletedAt)));
    if (!u) throw badParams('讲师账号：用户不存在或已被删除');
  }
  const values = {
    title: input.title,
    cover: input.cover ?? null,
    lecturer: input.lecturer,
    lecturerId: input.lecturerId ?? null,
    description: input.description,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    openType: input.openType,
    deptIds: input.openType === 2 ? input.deptIds : [],
    userIds: input.openType === 3 ? input.userIds : [],
    courseId: input.courseId ?? null,
  };
  if (!input.id) {
    const [row] = await db
      .insert(elLive)
      .values({ ...values, streamKey: secretId(18), playName: secretId(18), createdBy: admin.id })
      .returning({ id: elLive.id });
    return row.id;
  }
  const before = await managedRoom(db, admin, input.id);
  // A new start time gets its own reminder (live-remind.ts).
  const moved = before.startTime.getTime() !== values.startTime.getTime();
  await db
    .update(elLive)
    .set({ ...values, ...(moved ? { remindedAt: null } : {}) })
    .where(eq(elLive.id, input.id));
  return input.id;
}

function record(r: LiveRow & { courseTitle: string | null }, online: number, now: Date): TLiveRecord {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    lecturer: r.lecturer,
    lecturerId: r.lecturerId,
    description: r.description,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    state: liveState(r, now),
    replayState: r.replayState,
    openType: r.openType,
    deptIds: r.deptIds,
    userIds: r.userIds,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    online,
    createdAt: r.createdAt.toISOString(),
  };
}

type PagingParams = z.output<typeof ZLivePagingParamsSchema>;

export async function pagingRooms(
  db: Executor,
  admin: AuthUser,
  p: PagingParams,
  current: number,
  size: number,
  now: Date,
) {
  const where = and(
    isNull(elLive.deletedAt),
    p.title ? ilike(elLive.title, containing(p.title)) : undefined,
    p.state !== null && p.state !== undefined ? stateIs(p.state, now) : undefined,
  );
  const rows = await db
    .select({ room: elLive, courseTitle: elCourse.title })
    .from(elLive)
    .leftJoin(elCourse, eq(elCourse.id, elLive.courseId))
    .where(where)
    .orderBy(desc(elLive.startTime))
    .limit(size)
    .offset((current - 1) * size);
  const [total] = await db.select({ n: count() }).from(elLive).where(where);
  const online = await onlineCounts(
    db,
    rows.map((r) => r.room.id),
    now,
    admin,
  );
  return page(
    rows.map((r) => record({ ...r.room, courseTitle: r.courseTitle }, online.get(r.room.id) ?? 0, now)),
    total.n,
    current,
    size,
  );
}

export async function roomDetail(db: Executor, admin: AuthUser, id: string, now: Date): Promise<TLiveRecord> {
  const room = await managedRoom(db, admin, id);
  const [course] = room.courseId
    ? await db.select({ title: elCourse.title }).from(elCourse).where(eq(elCourse.id, room.courseId))
    : [];
  const online = await onlineCounts(db, [id], now, admin);
  return record({ ...room, courseTitle: course?.title ?? null }, online.get(id) ?? 0, now);
}

export async function deleteRooms(db: Executor, ids: string[], now: Date): Promise<void> {
  const rows = await db
    .update(elLive)
    .set({ deletedAt: now })
    .where(and(inArray(elLive.id, ids), isNull(elLive.deletedAt)))
    .returning({ id: elLive.id });
  if (rows.length === 0) throw notFound('直播');
}

export function pushDetail(room: Pick<LiveRow, 'streamKey'>): TLivePush {
  const s = liveSettings();
  return { configured: s.configured, rtmpUrl: s.rtmpUrl, hlsBase: s.hlsBase, streamKey: room.streamKey };
}

/**
 * A new key. A stream still publishing under the old key keeps running until it stops (the media
 * server checks keys at publish time); its next publish with the old key is refused.
 */
export async function regenerateKey(db: Executor, admin: AuthUser, id: string): Promise<TLivePush> {
  await managedRoom(db, admin, id);
  const [row] = await db
    .update(elLive)
    .set({ streamKey: secretId(18) })
    .where(eq(elLive.id, id))
    .returning({ streamKey: elLive.streamKey });
  return pushDetail(row);
}
