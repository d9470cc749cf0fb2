/**
 * Face login. Enrolment: the signed-in user gives their password and a short live
 * camera sequence; the mean descriptor is stored, the frames are dropped. Sign-in: user name and a
 * live sequence; the live descriptor must match the enrolled one. Every failed face attempt counts
 * in the same sign-in limits as a wrong password (user/sign-in-guard.ts): five lock the
 * (account, address) pair for 15 minutes. An unknown account, an account without a face and a
 * different face get one answer (no account enumeration).
 */
import { ErrorCode, sysUserFaceLogin, type TFaceStatus } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { sysConfig, sysUser, sysUserFace } from '../../../db/schema/index.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, badParams } from '../../../platform/errors.js';
import { verifyPassword } from '../../../platform/password.js';
import { admitAccount, recordSignIn } from '../user/auth.service.js';
import { admitSignIn, ownerByUserName, signInFailed, signInSucceeded } from '../user/sign-in-guard.js';
import { analyseFrames, type FrameAnalysis, faceModel } from './face-engine.js';
import { checkLiveness, matches } from './face-rules.js';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Analyses camera frames; tests may put a stand-in here to drive the rules without the models. */
export type Analyse = (frames: Buffer[]) => Promise<FrameAnalysis[]>;

/** The frames of the request as bytes; a frame that is no JPEG is refused before any work. */
export function decodeFrames(frames: string[]): Buffer[] {
  return frames.map((f, i) => {
    const bytes = Buffer.from(f.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw badParams(`frames：第${i + 1}帧不是JPEG图片`);
    return bytes;
  });
}

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

/** Enrols or replaces the user's face: password first, then one live sequence. */
export async function enrolFace(
  db: Db,
  userId: string,
  input: { password: string; frames: string[] },
  analyse: Analyse = analyseFrames,
): Promise<TFaceStatus> {
  await assertOn(db);
  const [user] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw badParams('登录密码不正确');
  const frames = decodeFrames(input.frames);
  const live = checkLiveness(await analyse(frames));
  frames.length = 0;
  if (!live.ok) throw new AppError(ErrorCode.FACE_LIVENESS_FAILED, live.reason);
  const model = await faceModel();
  const now = new Date();
  await db
    .insert(sysUserFace)
    .values({ userId, descriptor: live.descriptor, model, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: sysUserFace.userId, set: { descriptor: live.descriptor, model, updatedAt: now } });
  return faceStatus(db, userId);
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

/** Signs in by face; answers the user id. */
export async function faceLogin(
  db: Db,
  input: { userName: string; frames: string[] },
  meta: ClientMeta,
  now = new Date(),
  analyse: Analyse = analyseFrames,
): Promise<string> {
  await assertOn(db);
  const frames = decodeFrames(input.frames);
  // Analysed before the attempt takes its slot: a busy queue (10010005) or a worker failure is not
  // a failed attempt. The slot is still taken before the comparison, so parallel attempts compare
  // at most five times.
  let analysed: FrameAnalysis[];
  try {
    analysed = await analyse(frames);
  } finally {
    frames.length = 0;
  }
  const pairCount = await admitSignIn(db, input.userName, meta.ip, now, ownerByUserName(db, input.userName));
  const refuse = async (userId: string | null, code: number, message: string) => {
    await recordFaceSignIn(db, input.userName, userId, false, `人脸登录：${message}`, meta, now);
    const guard = await signInFailed(db, input.userName, meta.ip, pairCount, now);
    return guard.code === ErrorCode.ACCOUNT_LOCKED ? guard : new AppError(code, message);
  };
  const live = checkLiveness(analysed);
  const [user] = await db
    .select({ id: sysUser.id, state: sysUser.state, descriptor: sysUserFace.descriptor, model: sysUserFace.model })
    .from(sysUser)
    .leftJoin(sysUserFace, eq(sysUserFace.userId, sysUser.id))
    .where(and(eq(sysUser.userName, input.userName), isNull(sysUser.deletedAt)));
  if (!live.ok) throw await refuse(user?.id ?? null, ErrorCode.FACE_LIVENESS_FAILED, live.reason);
  if (!user?.descriptor || !matches(live.descriptor, user.descriptor))
    throw await refuse(user?.id ?? null, ErrorCode.FACE_NOT_MATCHED, '人脸识别未通过，请重试或使用密码登录');
  await signInSucceeded(db, input.userName, meta.ip);
  const record = (ok: boolean, message: string) =>
    recordFaceSignIn(db, input.userName, user.id, ok, message, meta, now);
  await admitAccount(user.state, record, '人脸登录成功');
  return user.id;
}
