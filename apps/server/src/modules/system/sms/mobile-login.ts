/**
 * Sign-in by mobile number and SMS code (/api/sys/user/mobile-login). The code is a
 * 'login' code of sms.service (5 minutes, single use, 5 tries, the send limits per mobile and per
 * address). Wrong codes also count like wrong passwords (sign-in-guard.ts, account key
 * `sms:<mobile>`), so the address and pair locks apply. A number of no account signs in as a new
 * learner when registration is open (its code was only sent live in that case).
 */
import { ErrorCode, UserState } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { sysConfig, sysUser } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { admitAccount, type ClientMeta, recordSignIn } from '../user/auth.service.js';
import { createLearner, unknownPasswordHash } from '../user/auto-register.js';
import { admitSignIn, ownerByMobile, signInFailed, signInSucceeded } from '../user/sign-in-guard.js';
import { type CodeCheck, codeCheckError, consumeLoginCode } from './sms.service.js';

export const mobileGuardKey = (mobile: string) => `sms:${mobile}`;

/** Whether the administrator switched mobile sign-in on, and whether it may register. */
export async function mobileLoginSettings(db: Db) {
  const [row] = await db
    .select({ on: sysConfig.mobileLogin, regOpen: sysConfig.regOpen, regReview: sysConfig.regReview })
    .from(sysConfig);
  return { on: row?.on ?? false, regOpen: row?.regOpen ?? false, regReview: row?.regReview ?? false };
}

export const MOBILE_LOGIN_OFF = () => new AppError(ErrorCode.CONFLICT, '系统未开启手机验证码登录');

type Outcome =
  | { kind: 'code'; check: Exclude<CodeCheck, { kind: 'ok' }> }
  | { kind: 'user'; id: string; userName: string; state: number }
  | { kind: 'none' }
  | { kind: 'shared' };

/** Checks the code and answers the user id to sign in (creating the learner when allowed). */
export async function mobileLogin(
  db: Db,
  input: { mobile: string; code: string },
  meta: ClientMeta,
  now: Date,
): Promise<string> {
  const settings = await mobileLoginSettings(db);
  if (!settings.on) throw MOBILE_LOGIN_OFF();
  const key = mobileGuardKey(input.mobile);
  const pairCount = await admitSignIn(db, key, meta.ip, now, ownerByMobile(db, input.mobile));
  const passwordHash = settings.regOpen ? await unknownPasswordHash() : '';
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const check = await consumeLoginCode(tx, input.mobile, input.code, now);
    if (check.kind !== 'ok') return { kind: 'code', check };
    const users = await tx
      .select({ id: sysUser.id, userName: sysUser.userName, state: sysUser.state })
      .from(sysUser)
      .where(and(eq(sysUser.mobile, input.mobile), isNull(sysUser.deletedAt)))
      .limit(2);
    if (users.length > 1) return { kind: 'shared' };
    if (users.length === 1) return { kind: 'user', ...users[0] };
    if (!settings.regOpen) return { kind: 'none' };
    const pending = settings.regReview;
    const id = await createLearner(tx, {
      userName: input.mobile,
      realName: `手机用户${input.mobile.slice(-4)}`,
      mobile: input.mobile,
      passwordHash,
      pending,
    });
    return { kind: 'user', id, userName: input.mobile, state: pending ? UserState.PENDING : UserState.NORMAL };
  });
  if (outcome.kind === 'code') {
    await recordSignIn(db, key, null, false, '短信验证码错误', meta, now);
    const guard = await signInFailed(db, key, meta.ip, pairCount, now);
    if (guard.code === ErrorCode.ACCOUNT_LOCKED) throw guard;
    throw codeCheckError(outcome.check);
  }
  await signInSucceeded(db, key, meta.ip);
  // Codes reach only a mobile of exactly one account, or of none when registration is open, so
  // these two are races (the account changed between send and sign-in): the same vague answer.
  if (outcome.kind !== 'user') throw codeCheckError({ kind: 'invalid' });
  const { userName, id } = outcome;
  const record = (ok: boolean, message: string) => recordSignIn(db, userName, id, ok, message, meta, now);
  await admitAccount(outcome.state, record, '手机验证码登录成功');
  return outcome.id;
}
