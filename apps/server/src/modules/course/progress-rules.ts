/**
 * Honest progress, pure and clock-injected. A heartbeat claims ranges played since
 * the last one; the server credits at most the wall-clock time since the PREVIOUS heartbeat (its
 * own clock, never the browser's) × the playback rate. So two tabs share one budget, a replayed
 * request finds no time left, and a forged range earns only what the clock allows.
 */
export type Range = [number, number];

/** Playback faster than this is not offered and not credited. */
export const MAX_RATE = 2;
/** A gap longer than this (a throttled tab, a lost network) credits only this much. */
export const MAX_BEAT_GAP_S = 15;

/** Sorted, merged, clipped to [0, length]; empty and inverted ranges dropped. */
export function mergeRanges(ranges: Range[], length = Number.POSITIVE_INFINITY): Range[] {
  const clipped = ranges
    .map(([s, e]): Range => [Math.max(0, s), Math.min(length, e)])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of clipped) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export const coveredSeconds = (ranges: Range[]): number => ranges.reduce((n, [s, e]) => n + (e - s), 0);

/** Parts of `claimed` not yet in `have` (both merged). */
export function subtractRanges(claimed: Range[], have: Range[]): Range[] {
  const out: Range[] = [];
  for (const [s0, e] of claimed) {
    let s = s0;
    for (const [hs, he] of have) {
      if (he <= s || hs >= e) continue;
      if (hs > s) out.push([s, hs]);
      s = Math.max(s, he);
      if (s >= e) break;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

/** Takes new ranges in order until `budget` seconds are used. */
export function takeBudget(fresh: Range[], budget: number): Range[] {
  const out: Range[] = [];
  let left = budget;
  for (const [s, e] of fresh) {
    if (left <= 0) break;
    const len = Math.min(e - s, left);
    out.push([s, s + len]);
    left -= len;
  }
  return out;
}

export interface LearnState {
  ranges: Range[];
  lastBeatAt: Date | null;
}

export interface Beat {
  /** Ranges played since the last heartbeat (seconds of media). */
  ranges: Range[];
  rate: number;
  playing: boolean;
  visible: boolean;
}

export interface Credit {
  ranges: Range[];
  /** Newly covered seconds of media. */
  gained: number;
  /** Study time earned (wall clock). */
  studySeconds: number;
  /** The new lastBeatAt: never moved backwards when the clock is. */
  beatAt: Date;
}

/** Wall-clock seconds this heartbeat may be credited for. */
export function creditWindow(lastBeatAt: Date | null, now: Date): number {
  if (!lastBeatAt) return 0; // the first heartbeat of a file only starts the clock
  const elapsed = (now.getTime() - lastBeatAt.getTime()) / 1000;
  return Math.max(0, Math.min(elapsed, MAX_BEAT_GAP_S));
}

/**
 * The learner's one study clock: a beat may be credited only for the part of its
 * window `[now - window, now]` after `creditedUntil` (the previous value of the learner's clock,
 * null before the first credit), so parallel tabs and files share the wall clock once.
 */
export function clockCredit(window: number, creditedUntil: Date | null, now: Date): number {
  if (window <= 0) return 0;
  const since = creditedUntil ? (now.getTime() - creditedUntil.getTime()) / 1000 : window;
  return Math.max(0, Math.min(window, since));
}

/**
 * Seconds of media a learner can have watched given the bytes the content route served them
 *: the served share of the file, plus the seek tolerance. Bytes re-served count
 * again, so this only stops credit for media never fetched.
 */
export function fetchedMediaSeconds(bytesServed: number, size: number, length: number, toleranceS = 5): number {
  if (size <= 0) return length;
  return Math.min(length, (length * bytesServed) / size + toleranceS);
}

/**
 * Applies one media heartbeat to the stored state. `window` is the wall-clock seconds the
 * learner's clock allowed (clockCredit); `cap` the seconds of media the learner fetched.
 */
export function applyMediaBeat(
  state: LearnState,
  beat: Beat,
  length: number,
  now: Date,
  window: number,
  cap = length,
): Credit {
  const rate = Math.min(Math.max(beat.rate, 0), MAX_RATE);
  const have = mergeRanges(state.ranges, length);
  const fresh = subtractRanges(mergeRanges(beat.ranges, length), have);
  const room = Math.max(0, cap - coveredSeconds(have));
  const accepted = takeBudget(fresh, Math.min(window * rate, room));
  const ranges = mergeRanges([...have, ...accepted], length);
  const beatAt = state.lastBeatAt && state.lastBeatAt > now ? state.lastBeatAt : now;
  return { ranges, gained: coveredSeconds(accepted), studySeconds: window, beatAt };
}

/** The wall-clock window one beat claims for its file: none while paused or hidden. */
export function beatWindow(state: LearnState, beat: Pick<Beat, 'playing' | 'visible'>, media: boolean, now: Date) {
  const active = media ? beat.playing && beat.visible : beat.visible;
  return active ? creditWindow(state.lastBeatAt, now) : 0;
}

/** Reading time of a page-based file: the credited window (clockCredit of its visible time). */
export function applyReadBeat(state: LearnState, window: number, now: Date): Credit {
  const beatAt = state.lastBeatAt && state.lastBeatAt > now ? state.lastBeatAt : now;
  return { ranges: state.ranges, gained: 0, studySeconds: window, beatAt };
}

export interface DoneInput {
  kind: string;
  duration: number;
  watched: number;
  passRate: number;
  maxPage: number;
  pages: number;
  studySeconds: number;
  minReadSeconds: number;
}

/** Completion rule per kind: media by watched share, documents by last page + reading time, images on opening. */
export function isFileDone(f: DoneInput): boolean {
  if (f.kind === 'video' || f.kind === 'audio') {
    if (f.duration <= 0) return false;
    return f.watched >= (f.duration * f.passRate) / 100 - 1e-6;
  }
  if (f.kind === 'image') return true;
  return f.pages > 0 && f.maxPage >= f.pages && f.studySeconds >= f.minReadSeconds;
}

/** Percent shown for a file in progress. */
export function filePercent(f: DoneInput, done: boolean): number {
  if (done) return 100;
  if ((f.kind === 'video' || f.kind === 'audio') && f.duration > 0)
    return Math.min(99, Math.floor((f.watched / f.duration) * 100));
  if (f.pages > 0) return Math.min(99, Math.floor((f.maxPage / f.pages) * 100));
  return 0;
}

/** Furthest point a learner may seek to without skipping ahead: the furthest watched second plus a tolerance. */
export function furthestAllowed(ranges: Range[], toleranceS = 5): number {
  return ranges.reduce((m, [, e]) => Math.max(m, e), 0) + toleranceS;
}

/**
 * THE course progress (the one figure of 课程详情, my courses, the home page and the reports): the
 * mean of the required files' percents (filePercent), floored; 100 only when every one is done. A
 * share of done files alone read 0 % while the video stood at 66 % and the PDF at 50 %.
 */
export function coursePercent(files: { required: boolean; percent: number; done: boolean }[]): {
  progress: number;
  complete: boolean;
} {
  const counted = files.filter((f) => f.required);
  if (counted.length === 0) return { progress: 0, complete: false };
  const complete = counted.every((f) => f.done);
  if (complete) return { progress: 100, complete };
  const mean = counted.reduce((n, f) => n + Math.min(f.percent, 99), 0) / counted.length;
  return { progress: Math.min(99, Math.floor(mean)), complete };
}
