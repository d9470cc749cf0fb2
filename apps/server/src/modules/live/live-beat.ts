/**
 * Viewer heartbeats (issue 27 §2), about every 15 s while the video plays and the page is visible.
 * The course progress rule (course/progress-rules.ts `creditWindow`): the server credits at most
 * the wall-clock time since the previous heartbeat of that (room, learner), by its own clock,
 * capped per heartbeat; the row is locked FOR UPDATE so two tabs take turns on one budget; a
 * paused or hidden page, a room not live, a first heartbeat, the first one after a pause and a
 * clock moved backwards earn nothing. Each playing heartbeat marks the learner in the room's minute (the timeline, the peak).
 */
import { LiveState, type TLiveBeatResult } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { elLiveMinute, elLiveViewer } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { MAX_BEAT_GAP_S } from '../course/progress-rules.js';
import type { LiveRow } from './live-audience.js';
import { liveState, ONLINE_WINDOW_S, SESSION_GAP_S } from './live-state.js';

export interface BeatInput {
  playing: boolean;
  visible: boolean;
}

export function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/**
 * One statement (bench/live.ts): lock the learner's row and read its previous beat (`prev`, FOR
 * UPDATE, so two tabs take turns on one budget), update it from there, create it on a first beat,
 * mark the minute, and count the others online (this beat's own row is counted by what it says,
 * since the statement's snapshot does not see its own update). `creditWindow` in SQL: at most the
 * server-clock time since the previous beat, capped at MAX_BEAT_GAP_S.
 */
export async function liveBeat(
  db: Db,
  room: LiveRow,
  userId: string,
  input: BeatInput,
  now: Date,
): Promise<TLiveBeatResult> {
  const state = liveState(room, now);
  const watching = input.playing && input.visible && state === LiveState.LIVE;
  const at = sql`${now.toISOString()}::timestamptz`;
  const on = sql`${watching}::boolean`;
  const since = sql`${new Date(now.getTime() - ONLINE_WINDOW_S * 1000).toISOString()}::timestamptz`;
  const res = await db.execute(sql`with prev as (
      select live_id, user_id, extract(epoch from ${at} - last_beat_at)::float8 as silent,
        case when ${on} and playing
          then least(greatest(extract(epoch from ${at} - last_beat_at)::float8, 0), ${MAX_BEAT_GAP_S}::float8) else 0 end as credited
      from ${elLiveViewer} where live_id = ${room.id} and user_id = ${userId} for update
    ), upd as (
      update ${elLiveViewer} v set
        watch_seconds = v.watch_seconds + prev.credited,
        -- never moved backwards: a clock set back must not reopen time already credited
        last_beat_at = case when prev.silent > 0 then ${at} else v.last_beat_at end,
        playing = ${on},
        sessions = v.sessions + case when prev.silent > ${SESSION_GAP_S}::float8 then 1 else 0 end
      from prev where v.live_id = prev.live_id and v.user_id = prev.user_id
      returning prev.credited, v.watch_seconds
    ), ins as (
      insert into ${elLiveViewer} (live_id, user_id, first_at, last_beat_at, playing)
      select ${room.id}, ${userId}, ${at}, ${at}, ${on} where not exists (select 1 from prev)
      on conflict do nothing
    ), minute as (
      insert into ${elLiveMinute} (live_id, minute, user_id)
      select ${room.id}, ${minuteOf(now).toISOString()}::timestamptz, ${userId} where ${on}
      on conflict do nothing
    )
    select (select credited from upd) as credited, (select watch_seconds from upd) as watch_seconds,
      (select count(*)::int from ${elLiveViewer} where live_id = ${room.id} and user_id <> ${userId}
        and playing and last_beat_at > ${since}) as others`);
  const row = res.rows[0] as { credited: number | null; watch_seconds: number | null; others: number };
  const online = Number(row.others) + (watching ? 1 : 0);
  return { state, online, credited: Number(row.credited ?? 0), watchSeconds: Number(row.watch_seconds ?? 0) };
}
