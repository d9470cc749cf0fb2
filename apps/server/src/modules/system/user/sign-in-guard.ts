/**
 * Limits on failed sign-ins, counted atomically in sys_attempt:
 * - per (account, address): 5 failures lock that pair for 15 minutes. The slot is taken before
 *   the password is checked, so 9 parallel guesses still get only 5 checks. A stranger elsewhere
 *   locks only their own pair: the owner's address is not affected.
 * - per account: after 20 failures from any addresses in 15 minutes, only addresses the account
 *   signed in from successfully in the last 30 days may still try (a spread-out attack cannot
 *   lock the owner out of their usual network). The usual addresses are the owner's, by user id,
 *   from a successful sign-in of any method (password, SMS code, face, third party): the key
 *   `sms:<mobile>` of the SMS sign-in is not a user name, and the owner who signs in by SMS from
 *   their usual address is let in after a stranger's 20 wrong codes.
 * - per address: 200 failures in 15 minutes stop the address. Successes are never counted, so a
 *   whole office behind one NAT address signs in on exam day.
 */
import { ErrorCode } from '@exam/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sysLog, sysUser } from '../../../db/schema/index.js';
import {
  type AttemptRule,
  clear,
  failuresOf,
  minutesText,
  recordFailure,
  reserve,
} from '../../../platform/attempts.js';
import { LogType } from '../../../platform/audit.js';
import type { Executor } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';

const WINDOW_MS = 15 * 60_000;
export const PAIR_RULE: AttemptRule = { scope: 'login-pair', max: 5, windowMs: WINDOW_MS };
export const ACCOUNT_RULE: AttemptRule = { scope: 'login-account', max: 20, windowMs: WINDOW_MS };
export const ADDRESS_RULE: AttemptRule = { scope: 'login-ip', max: 200, windowMs: WINDOW_MS };
const USUAL_ADDRESS_MS = 30 * 24 * 3600_000;

const pairKey = (userName: string, ip: string | null) => `${userName}|${ip ?? ''}`;

/**
 * The account behind a guard key, looked up only when the account key is locked (the usual case
 * costs nothing): answers the live user's id, or null for none.
 */
export type OwnerLookup = () => Promise<string | null>;

/** The owner of a user name (password and face sign-in). */
export const ownerByUserName =
  (db: Executor, userName: string): OwnerLookup =>
  async () => {
    const [row] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.userName, userName), isNull(sysUser.deletedAt)))
      .limit(1);
    return row?.id ?? null;
  };

/** The owner of a mobile number (SMS sign-in): the one live account holding it, else none. */
export const ownerByMobile =
  (db: Executor, mobile: string): OwnerLookup =>
  async () => {
    const rows = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.mobile, mobile), isNull(sysUser.deletedAt)))
      .limit(2);
    return rows.length === 1 ? rows[0].id : null;
  };

/** Whether the user signed in successfully (by any method) from this address recently. */
async function isUsualAddress(db: Executor, ownerId: string | null, ip: string | null, now: Date): Promise<boolean> {
  if (!ip || !ownerId) return false;
  const [row] = await db
    .select({ id: sysLog.id })
    .from(sysLog)
    .where(
      and(
        eq(sysLog.userId, ownerId),
        eq(sysLog.type, LogType.LOGIN),
        gt(sysLog.createdAt, new Date(now.getTime() - USUAL_ADDRESS_MS)),
        eq(sysLog.success, true),
        eq(sysLog.ip, ip),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses the attempt before the password is checked, or takes its (account, address) slot and
 * answers how many the pair has used in the window. `userName` is the guard key (a user name, or
 * `sms:<mobile>`); `owner` finds the account behind it for the usual-address rule.
 */
export async function admitSignIn(
  db: Executor,
  userName: string,
  ip: string | null,
  now: Date,
  owner: OwnerLookup,
): Promise<number> {
  if (ip && (await failuresOf(db, ADDRESS_RULE, ip, now)) >= ADDRESS_RULE.max)
    throw new AppError(ErrorCode.TOO_MANY_REQUESTS, `当前网络登录失败次数过多，请${minutesText(WINDOW_MS)}后再试`);
  if (
    (await failuresOf(db, ACCOUNT_RULE, userName, now)) >= ACCOUNT_RULE.max &&
    !(await isUsualAddress(db, ip ? await owner() : null, ip, now))
  )
    throw new AppError(
      ErrorCode.ACCOUNT_LOCKED,
      `该账号近期登录失败次数过多，为保护账号安全，请在常用网络登录或${minutesText(WINDOW_MS)}后再试`,
    );
  const slot = await reserve(db, PAIR_RULE, pairKey(userName, ip), now);
  if (!slot.ok) throw lockedError(slot.retryAfterMs);
  return slot.count;
}

export const lockedError = (waitMs: number) =>
  new AppError(ErrorCode.ACCOUNT_LOCKED, `登录失败次数过多，已暂时锁定，请${minutesText(waitMs)}后再试`);

/**
 * A wrong password: the pair keeps its slot; the account and the address count one more. The
 * attempt that used the pair's last slot is told the pair is now locked.
 */
export async function signInFailed(
  db: Executor,
  userName: string,
  ip: string | null,
  pairCount: number,
  now: Date,
): Promise<AppError> {
  await recordFailure(db, ACCOUNT_RULE, userName, now);
  if (ip) await recordFailure(db, ADDRESS_RULE, ip, now);
  return pairCount >= PAIR_RULE.max ? lockedError(PAIR_RULE.windowMs) : new AppError(ErrorCode.BAD_CREDENTIALS);
}

/** The right password: the pair's count starts again. */
export async function signInSucceeded(db: Executor, userName: string, ip: string | null): Promise<void> {
  await clear(db, PAIR_RULE, pairKey(userName, ip));
}
