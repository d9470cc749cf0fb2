/**
 * A room's state is derived, never stored: 直播中 while the media server says a
 * stream is being published; 已结束 once the planned end passed, or once a stream that ran after
 * the scheduled start stopped; 预告 otherwise (a rehearsal push before the start that stopped
 * leaves the room upcoming). Pure and clock-injected.
 */
import { LiveState } from '@exam/contracts';

export interface StreamFacts {
  startTime: Date;
  endTime: Date;
  publishingSince: Date | null;
  lastEndedAt: Date | null;
}

export type TLiveState = (typeof LiveState)[keyof typeof LiveState];

export function liveState(room: StreamFacts, now: Date): TLiveState {
  if (room.publishingSince) return LiveState.LIVE;
  if (now.getTime() >= room.endTime.getTime()) return LiveState.ENDED;
  if (room.lastEndedAt && room.lastEndedAt.getTime() > room.startTime.getTime()) return LiveState.ENDED;
  return LiveState.UPCOMING;
}

/** A viewer counts as online while their last heartbeat said playing and is at most this old. */
export const ONLINE_WINDOW_S = 45;
/** A heartbeat after a longer silence starts a new viewing session (观看人次). */
export const SESSION_GAP_S = 60;
