/**
 * Forgot password by SMS. Codes: 6 digits, stored hashed, 5 minutes, 5 tries, single
 * use. Limits are counted in sys_sms_code rows, so they hold across instances: per mobile one
 * code per 60 s and 10 per 24 h, per IP 20 per hour. Known, unknown and shared mobiles get the
 * same answer after the same work (no user enumeration): only a mobile of exactly one
 * account gets a live code, and the message goes out after the answer, in the background, so
 * the answer's timing does not depend on it either. A failed send kills the code and is logged.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type TForgotReset } from '@exam/contracts';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sysSmsCode, sysUser } from '../../../db/schema/index.js';
import { authChanged, revokeUserTokens } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { hashPassword } from '../../../platform/password.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';

export const SMS_PURPOSE_FORGOT = 'forgot';
/** Sign-in by mobile number: same limits, counted together with the other purposes. */
export const SMS_PURPOSE_LOGIN = 'login';
/**
 * A candidate's registration through an exam's link: the code goes to any mobile (candidates have
 * no account), with the same limits, counted together with the other purposes.
 */
export const SMS_PURPOSE_CANDIDATE = 'candidate';
export type SmsPurpose = typeof SMS_PURPOSE_FORGOT | typeof SMS_PURPOSE_LOGIN | typeof SMS_PURPOSE_CANDIDATE;
export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MOBILE_DAILY_LIMIT = 10;
export const IP_HOURLY_LIMIT = 20;
export const MAX_TRIES = 5;

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

/** Hash kept instead of the code, bound to the mobile and purpose. */
export const hashSmsCode = (mobile: string, code: string, purpose = SMS_PURPOSE_FORGOT): string =>
  createHash('sha256').update(`${purpose}:${mobile}:${code}`).digest('hex');

/** A fresh 6-digit code. */
export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const tooMany = (msg: string) => new AppError(ErrorCode.TOO_MANY_REQUESTS, msg);

/** Live accounts holding a mobile. */
async function usersByMobile(db: Executor, mobile: string) {
  return db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.mobile, mobile), isNull(sysUser.deletedAt)))
    .limit(2);
}

type IssueResult =
  | { kind: 'ok'; id: string; code: string }
  | { kind: 'wait'; seconds: number }
  | { kind: 'daily' }
  | { kind: 'ip' }
  | { kind: 'unknown' }
  | { kind: 'ambiguous' };

/**
 * Checks the limits and records a code for a mobile, under a per-mobile advisory lock so two
 * concurrent requests cannot both pass the 60 s rule; sends it after commit.
 */
export async function sendResetCode(
  db: Db,
  sender: SmsSender,
  mobile: string,
  ip: string | null,
  now: Date,
  log: SmsLog = console,
): Promise<{ expiresIn: number; resendIn: number }> {
  return sendCode(db, sender, mobile, SMS_PURPOSE_FORGOT, ip, now, log);
}

/**
 * Records and sends a code of a purpose. A 'login' code also goes to a mobile of no account when
 * `liveForUnknown` (registration open: the first sign-in registers the learner); the answer is
 * the same either way.
 */
export async function sendCode(
  db: Db,
  sender: SmsSender,
  mobile: string,
  purpose: SmsPurpose,
  ip: string | null,
  now: Date,
  log: SmsLog = console,
  options: { liveForUnknown?: boolean; liveForAny?: boolean } = {},
): Promise<{ expiresIn: number; resendIn: number }> {
  const result = await db.transaction(async (tx): Promise<IssueResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const [last] = await tx
      .select({ createdAt: sysSmsCode.createdAt })
      .from(sysSmsCode)
      .where(eq(sysSmsCode.mobile, mobile))
      .orderBy(desc(sysSmsCode.createdAt))
      .limit(1);
    const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
    if (sinceLast < RESEND_INTERVAL_MS)
      return { kind: 'wait', seconds: Math.ceil((RESEND_INTERVAL_MS - sinceLast) / 1000) };
    const [day] = await tx
      .select({ n: count() })
      .from(sysSmsCode)
      .where(and(eq(sysSmsCode.mobile, mobile), gt(sysSmsCode.createdAt, new Date(now.getTime() - DAY_MS))));
    if (day.n >= MOBILE_DAILY_LIMIT) return { kind: 'daily' };
    if (ip) {
      const [hour] = await tx
        .select({ n: count() })
        .from(sysSmsCode)
        .where(and(eq(sysSmsCode.ip, ip), gt(sysSmsCode.createdAt, new Date(now.getTime() - HOUR_MS))));
      if (hour.n >= IP_HOURLY_LIMIT) return { kind: 'ip' };
    }
    const users = options.liveForAny ? [] : await usersByMobile(tx, mobile);
    const code = newSmsCode();
    const known =
      Boolean(options.liveForAny) || users.length === 1 || (users.length === 0 && Boolean(options.liveForUnknown));
    const [row] = await tx
      .insert(sysSmsCode)
      .values({
        mobile,
        purpose,
        codeHash: hashSmsCode(mobile, code, purpose),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        // An attempt for an unknown or shared mobile is recorded dead: it only counts towards the limits.
        usedAt: known ? null : now,
        ip,
        createdAt: now,
      })
      .returning({ id: sysSmsCode.id });
    if (users.length === 0 && !known) return { kind: 'unknown' };
    if (users.length > 1 && !options.liveForAny) return { kind: 'ambiguous' };
    return { kind: 'ok', id: row.id, code };
  });

  switch (result.kind) {
    case 'wait':
      throw tooMany(`验证码发送过于频繁，请${result.seconds}秒后再试`);
    case 'daily':
      throw tooMany(`该手机号今日获取验证码次数已达上限（${MOBILE_DAILY_LIMIT}次），请明天再试`);
    case 'ip':
      throw tooMany('当前网络获取验证码过于频繁，请稍后再试');
    case 'ok':
      void deliver(db, sender, mobile, result, now, log);
  }
  return { expiresIn: CODE_TTL_MS / 1000, resendIn: RESEND_INTERVAL_MS / 1000 };
}

type SmsLog = { warn: (obj: object, msg: string) => void };

/** Sends a live code after the answer; a failure kills the code so it can never be used. */
async function deliver(
  db: Db,
  sender: SmsSender,
  mobile: string,
  code: { id: string; code: string },
  now: Date,
  log: SmsLog,
): Promise<void> {
  try {
    await sender.send({ mobile, code: code.code });
  } catch (err) {
    const reason = err instanceof SmsSendError ? err.message : String(err);
    log.warn({ mobile, reason }, `短信发送失败：${reason}`);
    await db
      .update(sysSmsCode)
      .set({ usedAt: now })
      .where(eq(sysSmsCode.id, code.id))
      .catch(() => {});
  }
}

type ResetResult = { kind: 'ok'; userId: string } | { kind: 'invalid' } | { kind: 'wrong'; left: number };

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks the latest code of the mobile and sets the new password; a wrong code uses up a try
 * (the fifth kills the code). Success uses the code and revokes the user's tokens.
 */
export async function forgotReset(db: Db, input: TForgotReset, now: Date): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx): Promise<ResetResult> => {
    const [row] = await tx
      .select()
      .from(sysSmsCode)
      .where(and(eq(sysSmsCode.mobile, input.mobile), eq(sysSmsCode.purpose, SMS_PURPOSE_FORGOT)))
      .orderBy(desc(sysSmsCode.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || row.tries >= MAX_TRIES)
      return { kind: 'invalid' };
    if (!sameHash(row.codeHash, hashSmsCode(input.mobile, input.code))) {
      await tx
        .update(sysSmsCode)
        .set({ tries: row.tries + 1 })
        .where(eq(sysSmsCode.id, row.id));
      return { kind: 'wrong', left: MAX_TRIES - row.tries - 1 };
    }
    const users = await usersByMobile(tx, input.mobile);
    await tx.update(sysSmsCode).set({ usedAt: now }).where(eq(sysSmsCode.id, row.id));
    if (users.length !== 1) return { kind: 'invalid' };
    await tx.update(sysUser).set({ passwordHash }).where(eq(sysUser.id, users[0].id));
    await revokeUserTokens(tx, [users[0].id]);
    return { kind: 'ok', userId: users[0].id };
  });
  if (result.kind === 'invalid') throw new AppError(ErrorCode.SMS_CODE_INVALID, '验证码错误或已失效，请重新获取');
  if (result.kind === 'wrong') {
    throw new AppError(
      ErrorCode.SMS_CODE_INVALID,
      result.left > 0 ? `验证码错误，还可尝试${result.left}次` : '验证码错误次数过多，请重新获取验证码',
    );
  }
  await authChanged({ users: [result.userId] });
}

export type CodeCheck = { kind: 'ok' } | { kind: 'invalid' } | { kind: 'wrong'; left: number };

/**
 * Checks the latest 'login' code of the mobile inside the caller's transaction: a wrong code uses
 * a try (the fifth kills it), the right one is used up (single use). The caller commits and then
 * throws `codeCheckError` for anything but ok, so the used try is kept.
 */
export async function consumeLoginCode(
  tx: Executor,
  mobile: string,
  code: string,
  now: Date,
  purpose: typeof SMS_PURPOSE_LOGIN | typeof SMS_PURPOSE_CANDIDATE = SMS_PURPOSE_LOGIN,
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.mobile, mobile), eq(sysSmsCode.purpose, purpose)))
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || row.tries >= MAX_TRIES)
    return { kind: 'invalid' };
  if (!sameHash(row.codeHash, hashSmsCode(mobile, code, purpose))) {
    await tx
      .update(sysSmsCode)
      .set({ tries: row.tries + 1 })
      .where(eq(sysSmsCode.id, row.id));
    return { kind: 'wrong', left: MAX_TRIES - row.tries - 1 };
  }
  await tx.update(sysSmsCode).set({ usedAt: now }).where(eq(sysSmsCode.id, row.id));
  return { kind: 'ok' };
}

export function codeCheckError(check: Exclude<CodeCheck, { kind: 'ok' }>): AppError {
  if (check.kind === 'invalid') return new AppError(ErrorCode.SMS_CODE_INVALID, '验证码错误或已失效，请重新获取');
  return new AppError(
    ErrorCode.SMS_CODE_INVALID,
    check.left > 0 ? `验证码错误，还可尝试${check.left}次` : '验证码错误次数过多，请重新获取验证码',
  );
}
