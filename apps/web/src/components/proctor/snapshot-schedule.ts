/**
 * When the room takes a snapshot: the random one at the server's `nextInSeconds`, and event ones
 * (left the window, no face, several faces) at once but not more often than every EVENT_GAP_MS.
 * Time is passed in, so the rules are tested without a clock.
 */
export const EVENT_GAP_MS = 5000;

export interface SnapshotSchedule {
  /** The server's next interval (room answer or an upload's answer). */
  plan(nextInSeconds: number, now: number): void;
  /** When the random snapshot is due (ms epoch), or null before the first plan. */
  dueAt(): number | null;
  /** True once when the random snapshot is due; it is then unplanned until the next `plan`. */
  takeRandom(now: number): boolean;
  /** True when an event snapshot may be taken now (and counts it). */
  takeEvent(now: number): boolean;
}

export function createSnapshotSchedule(gapMs = EVENT_GAP_MS): SnapshotSchedule {
  let due: number | null = null;
  let lastEvent = Number.NEGATIVE_INFINITY;
  return {
    plan(nextInSeconds, now) {
      due = now + Math.max(1, nextInSeconds) * 1000;
    },
    dueAt: () => due,
    takeRandom(now) {
      if (due === null || now < due) return false;
      due = null;
      return true;
    },
    takeEvent(now) {
      if (now - lastEvent < gapMs) return false;
      lastEvent = now;
      return true;
    },
  };
}
