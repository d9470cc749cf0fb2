/**
 * Viewer heartbeats (issue 27 §2), about every 15 s while the video plays and the page is visible.
 * The course progress rule (course/progress-rules.ts `creditWindow`): the server credits at most
 * the wall-clock time since the previous heartbeat of that (room, learner), by its own clock,
 * capped per heartbeat; the row is locked FOR UPDATE so two tabs take turns on one budget; a
 * paused or hidden page, a room not live, a first heartbeat, the first one after a pause and a
 * clock moved backwards earn nothing. Each playing heartbeat marks the learner in the room's minute (the timeline, the peak).
 */
import { LiveState, type TLiveBeatResult } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { elLiveMinute, elLiveViewer } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { creditWindow } from '../course/progress-rules.js';
import type { LiveRow } from './live-audience.js';
import { onlineCounts } from './live-room.service.js';
import { liveState, SESSION_GAP_S } from './live-state.js';

export interface BeatInput {
  playing: boolean;
  visible: boolean;
}

export function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

export async function liveBeat(
  db: Db,
  room: LiveRow,
  userId: string,
  input: BeatInput,
  now: Date,
): Promise<TLiveBeatResult> {
  const state = liveState(room, now);
  const watching = input.playing && input.visible && state === LiveState.LIVE;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(elLiveViewer)
      .where(and(eq(elLiveViewer.liveId, room.id), eq(elLiveViewer.userId, userId)))
      .for('update');
    if (!row) {
      await tx
        .insert(elLiveViewer)
        .values({ liveId: room.id, userId, firstAt: now, lastBeatAt: now, playing: watching })
        .onConflictDoNothing();
      return { credited: 0, watchSeconds: 0 };
    }
    const silentFor = (now.getTime() - row.lastBeatAt.getTime()) / 1000;
    // Only an interval watched at both ends counts: a resume after a pause earns nothing for the pause.
    const credited = watching && row.playing ? creditWindow(row.lastBeatAt, now) : 0;
    const watchSeconds = row.watchSeconds + credited;
    await tx
      .update(elLiveViewer)
      .set({
        // never moved backwards: a clock set back must not reopen time already credited
        lastBeatAt: silentFor > 0 ? now : row.lastBeatAt,
        playing: watching,
        watchSeconds,
        sessions: silentFor > SESSION_GAP_S ? row.sessions + 1 : row.sessions,
      })
      .where(and(eq(elLiveViewer.liveId, room.id), eq(elLiveViewer.userId, userId)));
    return { credited, watchSeconds };
  });
  if (watching)
    await db
      .insert(elLiveMinute)
      .values({ liveId: room.id, minute: minuteOf(now), userId })
      .onConflictDoNothing();
  const online = (await onlineCounts(db, [room.id], now)).get(room.id) ?? 0;
  return { state, online, ...result };
}
