/**
 * Statistics of a room (直播统计): current and peak online viewers, viewing sessions
 * (人次) and unique viewers, watch minutes per learner, the audience who never came, the timeline
 * of viewers per minute, and the xlsx export. Every figure counts only the learners inside the
 * administrator's data scope (system/data-scope.ts).
 */
import type { TLiveStatRecord, TLiveStatSummary } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { elLiveMinute, elLiveViewer, sysDepart, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { page } from '../../platform/paging.js';
import { personColumns, xlsxBook } from '../../platform/xlsx.js';
import { audienceWhere } from '../notice/notice-audience.js';
import { userScope } from '../system/data-scope.js';
import type { LiveRow } from './live-audience.js';
import { liveState, ONLINE_WINDOW_S } from './live-state.js';

/** Watch time in minutes with one decimal: 25 s is 0.4, never rounded down to 0 whole minutes. */
export const minutesOf = (seconds: number): number => Math.round((seconds / 60) * 10) / 10;

export type StatParams = { deptId?: string | null; realName?: string | null; absent?: boolean | null };

const viewerJoin = (liveId: string) => and(eq(elLiveViewer.liveId, liveId), eq(elLiveViewer.userId, sysUser.id));

/** The people listed: the audience and anyone else who watched, inside the scope and filters. */
function peopleWhere(room: LiveRow, actor: AuthUser, p: StatParams): SQL {
  const deptFilter = p.deptId
    ? sql`${sysUser.deptId} in (select c.id from sys_depart c join sys_depart d on c.code like d.code || '%' where d.id = ${p.deptId})`
    : undefined;
  return and(
    sql`(${audienceWhere(room)} or ${elLiveViewer.userId} is not null)`,
    userScope(actor),
    deptFilter,
    p.realName ? ilike(sysUser.realName, containing(p.realName)) : undefined,
    p.absent ? isNull(elLiveViewer.userId) : undefined,
  ) as SQL;
}

async function rows(
  db: Executor,
  room: LiveRow,
  actor: AuthUser,
  p: StatParams,
  win?: { current: number; size: number },
) {
  const q = db
    .select({
      userId: sysUser.id,
      userName: sysUser.userName,
      realName: sysUser.realName,
      deptName: sysDepart.name,
      watchSeconds: sql<number>`coalesce(${elLiveViewer.watchSeconds}, 0)`.mapWith(Number),
      sessions: sql<number>`coalesce(${elLiveViewer.sessions}, 0)`.mapWith(Number),
      firstAt: elLiveViewer.firstAt,
      lastAt: elLiveViewer.lastBeatAt,
    })
    .from(sysUser)
    .leftJoin(elLiveViewer, viewerJoin(room.id))
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(peopleWhere(room, actor, p))
    .orderBy(
      desc(sql`coalesce(${elLiveViewer.watchSeconds}, 0)`),
      sql`${elLiveViewer.userId} is null`, // viewers before the absent
      asc(sysUser.userName),
    );
  const list = win ? await q.limit(win.size).offset((win.current - 1) * win.size) : await q.limit(100_000);
  return list.map(
    (r): TLiveStatRecord => ({
      userId: r.userId,
      userName: r.userName,
      realName: r.realName,
      deptName: r.deptName,
      watchMinutes: minutesOf(r.watchSeconds),
      sessions: r.sessions,
      firstAt: r.firstAt?.toISOString() ?? null,
      lastAt: r.lastAt?.toISOString() ?? null,
    }),
  );
}

export async function statPaging(
  db: Executor,
  room: LiveRow,
  actor: AuthUser,
  p: StatParams,
  current: number,
  size: number,
) {
  const records = await rows(db, room, actor, p, { current, size });
  const [total] = await db
    .select({ n: count() })
    .from(sysUser)
    .leftJoin(elLiveViewer, viewerJoin(room.id))
    .where(peopleWhere(room, actor, p));
  return page(records, total.n, current, size);
}

export async function statSummary(db: Executor, room: LiveRow, actor: AuthUser, now: Date): Promise<TLiveStatSummary> {
  const scope = userScope(actor);
  const [audience] = await db
    .select({
      n: count(),
      absent: sql<number>`count(*) filter (where ${elLiveViewer.userId} is null)`.mapWith(Number),
    })
    .from(sysUser)
    .leftJoin(elLiveViewer, viewerJoin(room.id))
    .where(and(audienceWhere(room), scope));
  const since = new Date(now.getTime() - ONLINE_WINDOW_S * 1000);
  const [viewers] = await db
    .select({
      unique: count(),
      total: sql<number>`coalesce(sum(${elLiveViewer.sessions}), 0)`.mapWith(Number),
      seconds: sql<number>`coalesce(sum(${elLiveViewer.watchSeconds}), 0)`.mapWith(Number),
      online:
        sql<number>`count(*) filter (where ${elLiveViewer.playing} and ${elLiveViewer.lastBeatAt} > ${since})`.mapWith(
          Number,
        ),
    })
    .from(elLiveViewer)
    .innerJoin(sysUser, eq(sysUser.id, elLiveViewer.userId))
    .where(and(eq(elLiveViewer.liveId, room.id), scope));
  const timeline = await db
    .select({ minute: elLiveMinute.minute, viewers: count() })
    .from(elLiveMinute)
    .innerJoin(sysUser, eq(sysUser.id, elLiveMinute.userId))
    .where(and(eq(elLiveMinute.liveId, room.id), scope))
    .groupBy(elLiveMinute.minute)
    .orderBy(asc(elLiveMinute.minute));
  const peak = Math.max(viewers.online, ...timeline.map((t) => t.viewers));
  return {
    state: liveState(room, now),
    audience: audience.n,
    absent: audience.absent,
    online: viewers.online,
    peak,
    total: viewers.total,
    unique: viewers.unique,
    watchMinutes: minutesOf(viewers.seconds),
    timeline: timeline.map((t) => ({ minute: t.minute.toISOString(), viewers: t.viewers })),
  };
}

export async function statExport(db: Executor, room: LiveRow, actor: AuthUser, p: StatParams, zone: string) {
  const list = await rows(db, room, actor, p);
  const book = xlsxBook(zone);
  book.sheet(
    '观看统计',
    [
      ...personColumns({ roster: true }),
      { header: '观看时长(分钟)', key: 'watchMinutes', width: 14 },
      { header: '进入次数', key: 'sessions', width: 10 },
      { header: '首次进入', key: 'firstAt', width: 22, kind: 'datetime' },
      { header: '最后观看', key: 'lastAt', width: 22, kind: 'datetime' },
      { header: '是否观看', key: 'came', width: 10 },
    ],
    list.map((r) => ({ ...r, came: r.firstAt ? '已观看' : '未观看' })),
  );
  return book.toFile(`${room.title}-直播统计.xlsx`);
}
