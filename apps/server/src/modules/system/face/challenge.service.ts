/**
 * The active liveness challenge shared by face sign-in, enrolment and an exam's door (remote
 * proctoring): the server draws 2-3 random actions, the browser answers each with a short camera
 * sequence before the session expires, the server analyses the frames (or, on a busy door day,
 * decides on the browser's readings and says so), and the passed session's mean descriptor goes
 * back to the caller, which compares or enrols it. The frames are dropped after analysis; only
 * their digests stay on the session, so that the same frames sent again are refused.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  ErrorCode,
  PROCTOR_CHALLENGE_SECONDS,
  type TChallenge,
  type TChallengeAction,
  type TFrameReading,
} from '@exam/contracts';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { sysFaceChallenge } from '../../../db/schema/index.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { startSweeper } from '../../../platform/sweep.js';
import { checkStep } from './challenge-rules.js';
import { analyseFrames, type FrameAnalysis, hasRoom } from './face-engine.js';
import { meanDescriptor } from './face-rules.js';

export type ChallengePurpose = 'door' | 'login' | 'enrol';

export const ChallengeState = { OPEN: 0, PASSED: 1, FAILED: 2, EXPIRED: 3 } as const;

/** Analyses camera frames; tests may put a stand-in here to drive the rules without the models. */
export type Analyse = (frames: Buffer[]) => Promise<FrameAnalysis[]>;

/** The frames of the request as bytes; a frame that is no JPEG is refused before any work. */
export function decodeFrames(frames: string[]): Buffer[] {
  return frames.map((f, i) => {
    const bytes = Buffer.from(f.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
      throw new AppError(ErrorCode.BAD_PARAMS, `frames：第${i + 1}帧不是JPEG图片`);
    return bytes;
  });
}

/** 2 or 3 actions drawn with the crypto random source; distinct while the configured list allows. */
export function drawSteps(actions: readonly TChallengeAction[]): TChallengeAction[] {
  const pool = actions.length ? [...actions] : [];
  if (pool.length === 0) throw new Error('face challenge: no actions configured');
  const count = 2 + randomInt(2);
  const steps: TChallengeAction[] = [];
  for (let i = 0; i < count; i++) {
    // Fewer configured actions than steps (a test deployment's single action): they repeat.
    const left = pool.filter((a) => !steps.includes(a));
    const from = left.length ? left : pool;
    steps.push(from[randomInt(from.length)]);
  }
  return steps;
}

export interface ChallengeStart {
  purpose: ChallengePurpose;
  subject: string;
  userId: string | null;
  ip: string | null;
  actions: readonly TChallengeAction[];
}

/** Starts a session: its random steps, answered one after the other within PROCTOR_CHALLENGE_SECONDS. */
export async function startChallenge(db: Executor, input: ChallengeStart, now: Date): Promise<TChallenge> {
  const steps = drawSteps(input.actions);
  const expiresAt = new Date(now.getTime() + PROCTOR_CHALLENGE_SECONDS * 1000);
  const [row] = await db
    .insert(sysFaceChallenge)
    .values({
      purpose: input.purpose,
      subject: input.subject,
      userId: input.userId,
      steps,
      ip: input.ip,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: sysFaceChallenge.id });
  return { challengeId: row.id, steps, expiresAt: expiresAt.toISOString(), serverTime: now.toISOString() };
}

export interface StepContext {
  purpose: ChallengePurpose;
  /** The signed-in caller (door, enrol): only the session's own user may answer it. */
  userId: string | null;
  now: Date;
  /** Stand-in analysis (tests); by default the server engine. */
  analyse?: Analyse;
  /** Whether the engine has room now (tests); by default face-engine.ts `hasRoom`. */
  hasRoom?: () => boolean;
}

export interface StepOutcome {
  passed: boolean;
  reason: string | null;
  /** All steps passed. */
  done: boolean;
  /** The session is over (failed): a new one is needed. */
  over: boolean;
  nextStep: number | null;
  /** The session's subject and user (a sign-in's user name). */
  subject: string;
  userId: string | null;
  /** The mean descriptor of all the session's frames, when done; never stored past the session. */
  descriptor: number[] | null;
  /** False when the step was decided on the browser's readings (the server engine was busy). */
  serverChecked: boolean;
}

const REPLAY = '画面与之前的核验重复，请重新核验';

/** The browser's readings as the rules' frame analyses (only a door may be decided on them). */
function fromReadings(readings: readonly TFrameReading[]): FrameAnalysis[] {
  return readings.map((r) => ({
    faces: r.faces,
    yaw: r.yaw ?? null,
    pitch: r.pitch ?? null,
    eyeOpen: r.eyeOpen ?? null,
    mouthOpen: r.mouthOpen ?? null,
    size: r.size ?? undefined,
    descriptor: r.descriptor ?? null,
  }));
}

/**
 * Answers one step of a session. Refuses (throws) an unknown session or another purpose's
 * (10010003), another user's (10010004), a finished, expired or out-of-order one (10010007); a
 * failed step ends the session and answers `over`.
 */
export async function answerStep(
  db: Db,
  challengeId: string,
  step: number,
  frames: string[],
  readings: readonly TFrameReading[] | null | undefined,
  ctx: StepContext,
): Promise<StepOutcome> {
  const [row] = await db.select().from(sysFaceChallenge).where(eq(sysFaceChallenge.id, challengeId));
  if (!row || row.purpose !== ctx.purpose) throw notFound('核验会话');
  if (row.userId !== null && row.userId !== ctx.userId)
    throw new AppError(ErrorCode.NO_PERMISSION, '这不是您的核验会话');
  if (row.state !== ChallengeState.OPEN) throw conflict('本次核验已结束，请重新开始');
  if (row.expiresAt <= ctx.now) {
    await db
      .update(sysFaceChallenge)
      .set({ state: ChallengeState.EXPIRED, reason: '超时', descriptors: [], finishedAt: ctx.now })
      .where(and(eq(sysFaceChallenge.id, row.id), eq(sysFaceChallenge.state, ChallengeState.OPEN)));
    throw conflict('核验已超时，请重新开始');
  }
  if (step !== row.passedSteps) throw conflict('请按顺序完成动作');
  const action = row.steps[step] as TChallengeAction;

  const bytes = decodeFrames(frames);
  const digests = bytes.map((b) => createHash('sha256').update(b).digest('hex'));
  let analysed: FrameAnalysis[] | null = null;
  let serverChecked = true;
  const room = ctx.hasRoom ?? hasRoom;
  const useReadings = () => {
    // The browser's readings decide only a door (an invigilator sees that the server did not re-check
    // it); a sign-in or an enrolment waits for the server rather than trust the browser.
    if (ctx.purpose !== 'door' || !readings || readings.length !== bytes.length) return false;
    analysed = fromReadings(readings);
    serverChecked = false;
    return true;
  };
  try {
    if (!room() && useReadings()) {
      // decided on the readings
    } else {
      try {
        analysed = await (ctx.analyse ?? analyseFrames)(bytes);
      } catch (err) {
        if (!(err instanceof AppError && err.code === ErrorCode.TOO_MANY_REQUESTS && useReadings())) throw err;
      }
    }
  } finally {
    bytes.length = 0;
  }
  const frameResults: FrameAnalysis[] = analysed ?? [];

  // The same frames as an earlier session of this subject (or an earlier step of this one): a replay.
  const replay =
    digests.some((d) => row.frameDigests.includes(d)) ||
    (
      await db
        .select({ id: sysFaceChallenge.id })
        .from(sysFaceChallenge)
        .where(
          and(
            eq(sysFaceChallenge.purpose, row.purpose),
            eq(sysFaceChallenge.subject, row.subject),
            ne(sysFaceChallenge.id, row.id),
            sql`${sysFaceChallenge.frameDigests} && ${sql.param(digests)}::text[]`,
          ),
        )
        .limit(1)
    ).length > 0;
  const earlier = row.descriptors ?? [];
  const check = replay ? ({ ok: false, reason: REPLAY } as const) : checkStep(action, frameResults, earlier);
  const allDigests = [...row.frameDigests, ...digests];
  const base = { subject: row.subject, userId: row.userId, serverChecked };
  const guard = and(
    eq(sysFaceChallenge.id, row.id),
    eq(sysFaceChallenge.state, ChallengeState.OPEN),
    eq(sysFaceChallenge.passedSteps, step),
  );

  if (!check.ok) {
    const [done] = await db
      .update(sysFaceChallenge)
      .set({
        state: ChallengeState.FAILED,
        reason: check.reason,
        frameDigests: allDigests,
        descriptors: [],
        finishedAt: ctx.now,
      })
      .where(guard)
      .returning({ id: sysFaceChallenge.id });
    if (!done) throw conflict('请按顺序完成动作');
    return { ...base, passed: false, reason: check.reason, done: false, over: true, nextStep: null, descriptor: null };
  }
  const descriptors = [...earlier, ...check.descriptors];
  const last = step + 1 >= row.steps.length;
  const [done] = await db
    .update(sysFaceChallenge)
    .set(
      last
        ? {
            passedSteps: step + 1,
            state: ChallengeState.PASSED,
            frameDigests: allDigests,
            descriptors: [],
            finishedAt: ctx.now,
          }
        : { passedSteps: step + 1, frameDigests: allDigests, descriptors },
    )
    .where(guard)
    .returning({ id: sysFaceChallenge.id });
  if (!done) throw conflict('请按顺序完成动作');
  return {
    ...base,
    passed: true,
    reason: null,
    done: last,
    over: false,
    nextStep: last ? null : step + 1,
    descriptor: last ? meanDescriptor(descriptors) : null,
  };
}

/** Marks a passed session failed after the fact (its face did not match the enrolled one). */
export async function failChallenge(db: Executor, challengeId: string, reason: string): Promise<void> {
  await db
    .update(sysFaceChallenge)
    .set({ state: ChallengeState.FAILED, reason })
    .where(eq(sysFaceChallenge.id, challengeId));
}

/**
 * How long a finished liveness session (its steps and its frames' digests, never a frame or a
 * descriptor) is kept: long enough to refuse a replay of a recent check, then deleted like any
 * other trace of a person's face.
 */
export const CHALLENGE_KEEP_DAYS = 30;

/** Deletes the sessions older than CHALLENGE_KEEP_DAYS; answers how many. */
export async function sweepChallenges(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CHALLENGE_KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(sysFaceChallenge)
    .where(lt(sysFaceChallenge.createdAt, before))
    .returning({ id: sysFaceChallenge.id });
  return gone.length;
}

/** The hourly sweep of old liveness sessions; answers its stop function. */
export function startChallengeSweeper(
  deps: { db: Executor; clock: () => Date },
  onError: (err: unknown) => void,
): () => void {
  return startSweeper(() => sweepChallenges(deps.db, deps.clock()), 3_600_000, onError);
}
