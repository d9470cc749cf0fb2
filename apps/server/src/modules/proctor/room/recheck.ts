/**
 * The server's re-check of a sample of snapshots: the browser's findings could be forged, so about
 * one in ten snapshots, and every one whose findings raised a flag, is analysed again by the
 * server's face engine after the answer was sent (never on the request's path), and only when the
 * engine is idle, so that an exam day's burst never queues behind sign-ins and door checks. The
 * server's faces and similarity are kept; when its flags differ from the browser's, the snapshot
 * is marked `disagreed` and the server's flags are added.
 *
 * The re-checks are also capped at one every RECHECK_EVERY_MS per process: one analysis costs
 * hundreds of milliseconds of CPU, and at 10,000 learners a sample of one in ten kept the engine
 * busy without pause, a core taken from the saves and starts (bench/README.md, proctoring snapshots).
 */
import { eq } from 'drizzle-orm';
import { elProctorSnapshot } from '../../../db/schema/index.js';
import type { AppDeps } from '../../../platform/deps.js';
import { analyseFrames, type FrameAnalysis, faceEngineIdle } from '../../system/face/face-engine.js';
import { cosine, MATCH_THRESHOLD } from '../../system/face/face-rules.js';
import { type AttemptKey, addEvents } from './proctor-state.js';
import { flagsOfFindings } from './risk-rules.js';

export const RECHECK_SAMPLE = 0.1;
/** At most one re-check started per this many ms in a process (a few percent of a core). */
export const RECHECK_EVERY_MS = 5_000;
let lastRecheckAt = Number.NEGATIVE_INFINITY;

/** What the re-check uses; tests put stand-ins here to drive it without the models. */
export const recheckEngine = {
  analyse: (frames: Buffer[]): Promise<FrameAnalysis[]> => analyseFrames(frames),
  idle: (): boolean => faceEngineIdle(),
  sample: (): boolean => Math.random() < RECHECK_SAMPLE,
  /** Takes the process's re-check slot when RECHECK_EVERY_MS have passed since the last one. */
  budget: (): boolean => {
    const now = performance.now();
    if (now - lastRecheckAt < RECHECK_EVERY_MS) return false;
    lastRecheckAt = now;
    return true;
  },
};

const pending = new Set<Promise<void>>();

/** Waits for the re-checks under way (tests). */
export async function settleRechecks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

export interface RecheckInput {
  snapshotId: string;
  bytes: Buffer;
  /** The browser's flags of what the camera saw (not 'leave'). */
  browserFlags: string[];
  enrolled: number[] | null;
  flagged: boolean;
}

/** Schedules the re-check of a snapshot when it is in the sample and the engine is idle. */
export function scheduleRecheck(deps: Pick<AppDeps, 'db' | 'clock'>, key: AttemptKey, input: RecheckInput): void {
  if (!(input.flagged || recheckEngine.sample()) || !recheckEngine.idle() || !recheckEngine.budget()) return;
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => recheck(deps, key, input))
    .catch(() => {
      // A busy or failing engine leaves the browser's findings in place; nothing else depends on it.
    })
    .finally(() => pending.delete(job));
  pending.add(job);
}

async function recheck(deps: Pick<AppDeps, 'db' | 'clock'>, key: AttemptKey, input: RecheckInput): Promise<void> {
  const [frame] = await recheckEngine.analyse([input.bytes]);
  if (!frame || frame.error) return;
  const faces = frame.faces;
  const d = faces === 1 ? frame.descriptor : null;
  const similarity = d && input.enrolled && d.length === input.enrolled.length ? cosine(d, input.enrolled) : null;
  const serverFlags = flagsOfFindings('random', faces, similarity, MATCH_THRESHOLD);
  const disagreed =
    serverFlags.length !== input.browserFlags.length || serverFlags.some((f) => !input.browserFlags.includes(f));
  await deps.db
    .update(elProctorSnapshot)
    .set({ faces, similarity, serverChecked: true, disagreed })
    .where(eq(elProctorSnapshot.id, input.snapshotId));
  const added = serverFlags.filter((f) => !input.browserFlags.includes(f));
  if (disagreed && added.length > 0)
    await addEvents(
      deps.db,
      key,
      added.map((kind) => ({ kind, snapshotId: input.snapshotId, detail: '服务器复核发现' })),
      deps.clock(),
    );
}
