/** The learner's side: the live list (live now, upcoming, ended with replays) and the watch page's data. */
import { LiveState, type TLiveCard, type TLiveLearnList, type TLiveWatch } from '@exam/contracts';
import { and, desc, isNull } from 'drizzle-orm';
import { elLive } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { type LiveRow, liveOpenTo, type Viewer } from './live-audience.js';
import { isMuted } from './live-chat.service.js';
import { onlineCounts } from './live-room.service.js';
import { liveSettings } from './live-settings.js';
import { liveState } from './live-state.js';

const LIST_MAX = 200;

function card(r: LiveRow, online: number, now: Date): TLiveCard {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    lecturer: r.lecturer,
    description: r.description,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    state: liveState(r, now),
    replayState: r.replayState,
    online,
  };
}

export async function learnList(db: Executor, user: AuthUser, now: Date): Promise<TLiveLearnList> {
  const rooms = await db
    .select()
    .from(elLive)
    .where(and(isNull(elLive.deletedAt), liveOpenTo(user)))
    .orderBy(desc(elLive.startTime))
    .limit(LIST_MAX);
  const online = await onlineCounts(
    db,
    rooms.map((r) => r.id),
    now,
  );
  const cards = rooms.map((r) => card(r, online.get(r.id) ?? 0, now));
  return {
    configured: liveSettings().configured,
    now: now.toISOString(),
    live: cards.filter((c) => c.state === LiveState.LIVE),
    upcoming: cards.filter((c) => c.state === LiveState.UPCOMING).reverse(), // soonest first
    ended: cards.filter((c) => c.state === LiveState.ENDED),
  };
}

export async function watchDetail(db: Executor, viewer: Viewer, userId: string, now: Date): Promise<TLiveWatch> {
  const { room } = viewer;
  const settings = liveSettings();
  const state = liveState(room, now);
  const online = (await onlineCounts(db, [room.id], now)).get(room.id) ?? 0;
  return {
    ...card(room, online, now),
    configured: settings.configured,
    now: now.toISOString(),
    hlsUrl: settings.hlsBase && state === LiveState.LIVE ? `${settings.hlsBase}/${room.playName}.m3u8` : null,
    replayUrl: room.replayState === 2 && room.replayFileId ? `/api/live/replay/${room.id}` : null,
    muted: await isMuted(db, room.id, userId),
    canManage: viewer.canManage,
    courseId: room.courseId,
  };
}
