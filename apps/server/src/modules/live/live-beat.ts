/**
 * Viewer heartbeats, about every 15 s while the video plays and the page is visible,
 * and one at once when it stops (paused, hidden, left). The course progress rule
 * (course/progress-rules.ts `creditWindow`): a beat is credited the wall-clock time since the
 * previous beat of that (room, learner), by the server's clock and capped per heartbeat, when that
 * previous beat said playing: the window it opened was watched, so the beat that says "stopped"
 * is credited the time played up to the stop, and the first beat after a stop earns nothing. A
 * buffering stall is not a stop (the player does not report one). The learner's clock
 * (`el_live_clock`, locked FOR UPDATE) credits each second once across every room: a window is
 * credited only after the time already credited, so two rooms heartbeated at once earn the wall
 * clock once, and two tabs of one room take turns on the room's row. A room not live and a clock
 * moved backwards earn nothing. Each playing heartbeat marks the learner in the room's minute (the
 * timeline, the peak).
 */
import { LiveState, type TLiveBeatResult } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { elLiveClock, elLiveMinute, elLiveViewer } from '../../db/schema/index.js';
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
 * One statement (bench/live.ts): lock the learner's clock, then their row of the room and read its
 * previous beat (`prev`), update it from there, create it on a first beat, move the clock over
 * what was credited (created at the start of time when missing, so that the next beat finds a row
 * to lock), mark the minute, and count the others online (this beat's own row is counted by what it
 * says, since the statement's snapshot does not see its own update). `creditWindow` in SQL: at most
 * the server-clock time since the later of the previous beat and the learner's clock, capped at
 * MAX_BEAT_GAP_S.
 */
export async function liveBeat(
  db: Db,
  room: LiveRow,
  userId: string,
  input: BeatInput,
  now: Date,
): Promise<TLiveBeatResult> {
  const state = liveState(room, now);
  const live = state === LiveState.LIVE;
  const watching = input.playing && input.visible && live;
  const at = sql`${now.toISOString()}::timestamptz`;
  const on = sql`${watching}::boolean`;
  const since = sql`${new Date(now.getTime() - ONLINE_WINDOW_S * 1000).toISOString()}::timestamptz`;
  const res = await db.execute(sql`with clock as (
      select credited_until from ${elLiveClock} where user_id = ${userId} for update
    ), prev as (
      select live_id, user_id, extract(epoch from ${at} - last_beat_at)::float8 as silent,
        case when ${sql`${live}::boolean`} and playing
          then least(greatest(extract(epoch from ${at} - greatest(last_beat_at,
            coalesce((select credited_until from clock), last_beat_at)))::float8, 0), ${MAX_BEAT_GAP_S}::float8)
          else 0 end as credited
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
    ), tick as (
      insert into ${elLiveClock} (user_id, credited_until)
      select ${userId}, case when (select credited from prev) > 0 then ${at} else '-infinity'::timestamptz end
      where (select credited from prev) > 0 or not exists (select 1 from clock)
      on conflict (user_id) do update set credited_until = greatest(${elLiveClock.creditedUntil}, excluded.credited_until)
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
