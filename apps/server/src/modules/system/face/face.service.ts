/**
 * Face login with the active liveness challenge (challenge.service.ts). Enrolment: the signed-in
 * user gives their password, which starts a challenge; the last passed step stores the session's
 * mean descriptor (the frames are dropped). Sign-in: a user name starts a challenge (any name gets
 * one: no account enumeration); the last passed step compares the session's descriptor with the
 * enrolled one. Every failed face sign-in (a failed step or another face) counts in the same limits
 * as a wrong password (user/sign-in-guard.ts): five lock the (account, address) pair for 15
 * minutes. An unknown account, an account without a face and a different face get one answer.
 */
import {
  ErrorCode,
  sysUserFaceLogin,
  type TChallenge,
  type TChallengeAction,
  type TChallengeStepResult,
  type TFaceStatus,
  type TFrameReading,
} from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { sysConfig, sysUser, sysUserFace } from '../../../db/schema/index.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, badParams } from '../../../platform/errors.js';
import { verifyPassword } from '../../../platform/password.js';
import { admitAccount, recordSignIn } from '../user/auth.service.js';
import { admitSignIn, ownerByUserName, signInFailed, signInSucceeded } from '../user/sign-in-guard.js';
import { type Analyse, answerStep, failChallenge, type StepOutcome, startChallenge } from './challenge.service.js';
import { faceModel } from './face-engine.js';
import { cosine, matches } from './face-rules.js';

export type { Analyse } from './challenge.service.js';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** One step's frames as the routes hand them in. */
export interface StepInput {
  challengeId: string;
  step: number;
  frames: string[];
  readings?: TFrameReading[] | null;
}

/** Options of a step (tests drive the rules with a stand-in analysis). */
export interface StepOptions {
  analyse?: Analyse;
  hasRoom?: () => boolean;
}

const stepResult = (o: StepOutcome, failures = 0): TChallengeStepResult => ({
  passed: o.passed,
  reason: o.reason,
  done: o.done,
  over: o.over,
  nextStep: o.nextStep,
  failures,
});

async function faceLoginOn(db: Executor): Promise<boolean> {
  const [row] = await db.select({ on: sysConfig.faceLogin }).from(sysConfig).limit(1);
  return Boolean(row?.on);
}

async function assertOn(db: Executor): Promise<void> {
  if (!(await faceLoginOn(db))) throw new AppError(ErrorCode.FACE_LOGIN_DISABLED);
}

export async function faceStatus(db: Executor, userId: string): Promise<TFaceStatus> {
  const [row] = await db
    .select({ updatedAt: sysUserFace.updatedAt })
    .from(sysUserFace)
    .where(eq(sysUserFace.userId, userId));
  return { enabled: await faceLoginOn(db), enrolled: Boolean(row), updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function removeFace(db: Db, userId: string): Promise<TFaceStatus> {
  await db.delete(sysUserFace).where(eq(sysUserFace.userId, userId));
  return faceStatus(db, userId);
}

/** The login log's line of a face sign-in (the password sign-in's recorder, with the face path). */
const recordFaceSignIn = (
  db: Executor,
  userName: string,
  userId: string | null,
  success: boolean,
  message: string,
  meta: ClientMeta,
  now: Date,
) => recordSignIn(db, userName, userId, success, message, meta, now, sysUserFaceLogin.path);

/** The enrolled descriptor of a user, or null (the exam's door compares with it or enrols). */
export async function enrolledDescriptor(db: Executor, userId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ descriptor: sysUserFace.descriptor })
    .from(sysUserFace)
    .where(eq(sysUserFace.userId, userId));
  return row?.descriptor ?? null;
}

/** Stores (or replaces) a user's face descriptor, from a passed challenge (enrolment, the exam's door). */
export async function storeDescriptor(db: Executor, userId: string, descriptor: number[], now: Date): Promise<void> {
  const model = await faceModel();
  await db
    .insert(sysUserFace)
    .values({ userId, descriptor, model, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: sysUserFace.userId, set: { descriptor, model, updatedAt: now } });
}

/** The similarity of a live descriptor to the enrolled one (the door records it). */
export const similarity = cosine;

/** Starts the enrolment's challenge once the password is right. */
export async function enrolChallenge(
  db: Db,
  userId: string,
  password: string,
  meta: ClientMeta,
  actions: readonly TChallengeAction[],
  now = new Date(),
): Promise<TChallenge> {
  await assertOn(db);
  const [user] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw badParams('登录密码不正确');
  return startChallenge(db, { purpose: 'enrol', subject: userId, userId, ip: meta.ip, actions }, now);
}

/** One step of the enrolment; the last passed step stores the descriptor and answers the status. */
export async function enrolStep(
  db: Db,
  userId: string,
  input: StepInput,
  now = new Date(),
  options: StepOptions = {},
): Promise<TChallengeStepResult & { status: TFaceStatus | null }> {
  await assertOn(db);
  const o = await answerStep(db, input.challengeId, input.step, input.frames, input.readings, {
    purpose: 'enrol',
    userId,
    now,
    ...options,
  });
  if (!o.done || !o.descriptor) return { ...stepResult(o), status: null };
  await storeDescriptor(db, userId, o.descriptor, now);
  return { ...stepResult(o), status: await faceStatus(db, userId) };
}

/** Starts a face sign-in's challenge for any user name (no account enumeration). */
export async function loginChallenge(
  db: Db,
  userName: string,
  meta: ClientMeta,
  actions: readonly TChallengeAction[],
  now = new Date(),
): Promise<TChallenge> {
  await assertOn(db);
  return startChallenge(db, { purpose: 'login', subject: userName, userId: null, ip: meta.ip, actions }, now);
}

/**
 * One step of a face sign-in. A failed step, and a passed session whose face is not the account's,
 * count as a failed sign-in; the last passed step with the account's face answers the user id.
 * A busy engine (10010005) or a worker failure is thrown by the analysis before the guard is asked:
 * no failed attempt. The guard's slot is taken once per finished session, before the comparison.
 */
export async function faceLoginStep(
  db: Db,
  input: StepInput,
  meta: ClientMeta,
  now = new Date(),
  options: StepOptions = {},
): Promise<{ result: TChallengeStepResult; userId: string | null }> {
  await assertOn(db);
  const o = await answerStep(db, input.challengeId, input.step, input.frames, null, {
    purpose: 'login',
    userId: null,
    now,
    ...options,
  });
  if (o.passed && !o.done) return { result: stepResult(o), userId: null };
  const userName = o.subject;
  const pairCount = await admitSignIn(db, userName, meta.ip, now, ownerByUserName(db, userName));
  const [user] = await db
    .select({ id: sysUser.id, state: sysUser.state, descriptor: sysUserFace.descriptor })
    .from(sysUser)
    .leftJoin(sysUserFace, eq(sysUserFace.userId, sysUser.id))
    .where(and(eq(sysUser.userName, userName), isNull(sysUser.deletedAt)));
  const refuse = async (message: string) => {
    await recordFaceSignIn(db, userName, user?.id ?? null, false, `人脸登录：${message}`, meta, now);
    return signInFailed(db, userName, meta.ip, pairCount, now);
  };
  if (!o.passed) {
    const guard = await refuse(o.reason ?? '活体检测未通过');
    if (guard.code === ErrorCode.ACCOUNT_LOCKED) throw guard;
    return { result: stepResult(o), userId: null };
  }
  if (!user?.descriptor || !o.descriptor || !matches(o.descriptor, user.descriptor)) {
    await failChallenge(db, input.challengeId, '人脸不符');
    const guard = await refuse('人脸识别未通过');
    throw guard.code === ErrorCode.ACCOUNT_LOCKED ? guard : new AppError(ErrorCode.FACE_NOT_MATCHED);
  }
  await signInSucceeded(db, userName, meta.ip);
  const record = (ok: boolean, message: string) => recordFaceSignIn(db, userName, user.id, ok, message, meta, now);
  await admitAccount(user.state, record, '人脸登录成功');
  return { result: stepResult(o), userId: user.id };
}
