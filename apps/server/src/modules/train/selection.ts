/**
 * Which questions a training session holds, per mode (pure; unit-tested in selection.test.ts).
 * The pool is the bank's live top-level questions in bank order.
 */

import { TrainMode } from '@exam/contracts';

export { TrainMode };

export interface PoolItem {
  id: string;
  type: number;
}

export interface SelectOptions {
  /** Mode 3 (and 5 when given): the question types to keep; empty = all. */
  types?: number[];
  /** Modes 2, 3, 4, 6: at most this many questions (mode 6 defaults to MOCK_DEFAULT_COUNT). */
  count?: number | null;
  /** Mode 1: the question answered last time; the session starts after it. */
  lastQuId?: string | null;
  /** Mode 8: the pool's questions of the learner's weakest knowledge points (mastery/weak-points.ts). */
  weakIds?: ReadonlySet<string>;
  /** Mode 4: the ids of the learner's wrong-answer book. */
  bookIds?: ReadonlySet<string>;
  /** A random number in [0, 1); Math.random by default, seeded in tests. */
  random?: () => number;
}

export const MOCK_DEFAULT_COUNT = 20;
/** No session holds more than this many questions. */
export const MAX_SESSION_SIZE = 500;

/** Fisher–Yates shuffle of a copy. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const limit = <T>(items: T[], count: number | null | undefined): T[] =>
  items.slice(0, Math.min(count && count > 0 ? count : MAX_SESSION_SIZE, MAX_SESSION_SIZE));

/** Where sequential practice resumes: after `lastQuId`, from the start when it was the last or is gone. */
export function sequentialStart(pool: readonly PoolItem[], lastQuId: string | null | undefined): number {
  if (!lastQuId) return 0;
  const at = pool.findIndex((q) => q.id === lastQuId);
  return at < 0 || at + 1 >= pool.length ? 0 : at + 1;
}

/** The ids of a new session of `mode` over `pool` (modes 1-6 and 8; review sessions use selectDue). */
export function selectQuestions(mode: number, pool: readonly PoolItem[], options: SelectOptions = {}): string[] {
  const random = options.random ?? Math.random;
  const types = new Set(options.types ?? []);
  const ofTypes = (items: readonly PoolItem[]) => (types.size ? items.filter((q) => types.has(q.type)) : [...items]);
  let picked: PoolItem[];
  switch (mode) {
    case TrainMode.SEQUENTIAL:
      {
        // The whole bank every time, starting after the question answered last: a session counts
        // what the bank counts (试题总数 32 → 第1/32 题, not 第1/31).
        const at = sequentialStart(pool, options.lastQuId);
        picked = limit([...pool.slice(at), ...pool.slice(0, at)], null);
      }
      break;
    case TrainMode.RANDOM:
      picked = limit(shuffle(pool, random), options.count);
      break;
    case TrainMode.BY_TYPE:
      picked = limit(ofTypes(pool), options.count);
      break;
    case TrainMode.WRONG:
      picked = limit(
        pool.filter((q) => options.bookIds?.has(q.id)),
        options.count,
      );
      break;
    case TrainMode.RECITE:
      picked = limit(ofTypes(pool), null);
      break;
    case TrainMode.MOCK:
      picked = limit(shuffle(pool, random), options.count ?? MOCK_DEFAULT_COUNT);
      break;
    case TrainMode.WEAK:
      picked = limit(
        shuffle(
          pool.filter((q) => options.weakIds?.has(q.id)),
          random,
        ),
        options.count ?? MOCK_DEFAULT_COUNT,
      );
      break;
    default:
      picked = [];
  }
  return picked.map((q) => q.id);
}

export interface BookDue {
  quId: string;
  nextReviewAt: Date | null;
}

/** Review session: the book entries due at `now`, the longest overdue first, at most `count`. */
export function selectDue(entries: readonly BookDue[], now: Date, count?: number | null): string[] {
  const due = entries
    .filter((e) => e.nextReviewAt && e.nextReviewAt.getTime() <= now.getTime())
    .sort((a, b) => (a.nextReviewAt as Date).getTime() - (b.nextReviewAt as Date).getTime());
  return limit(due, count).map((e) => e.quId);
}
