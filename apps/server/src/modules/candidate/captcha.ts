/**
 * The captcha after repeated failures (a wrong SMS or access code, a mobile not invited, a
 * duplicate): altcha's self-hosted proof of work, no third-party service. An address with
 * `CAPTCHA_AFTER` failures in the window must send a solved challenge with its next registration
 * or SMS request. Challenges are signed with a key derived from the server's secret, expire after
 * five minutes, and are used once (the nonce is counted in sys_attempt, so every instance sees it).
 */
import { createHmac } from 'node:crypto';
import { ErrorCode } from '@exam/contracts';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { type AttemptRule, failuresOf, recordFailure } from '../../platform/attempts.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

/** Failures of one address before the captcha is asked. */
export const CAPTCHA_AFTER = 3;
export const FAILURES: AttemptRule = { scope: 'candidate-fail', max: 1_000_000, windowMs: 30 * 60_000 };
const USED: AttemptRule = { scope: 'candidate-captcha', max: 1, windowMs: 10 * 60_000 };
const CHALLENGE_TTL_MS = 5 * 60_000;
/** About 100 ms on a phone: enough to price out scripted floods, unnoticed by a person. */
const COST = 1;
const KEY_PREFIX = '000';

const signingKey = (secret: string) => createHmac('sha256', secret).update('candidate-captcha').digest('hex');

export async function newChallenge(secret: string, now: Date) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: COST,
    deriveKey,
    keyPrefix: KEY_PREFIX,
    hmacSignatureSecret: signingKey(secret),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge as unknown as { parameters: Record<string, unknown>; signature?: string };
}

/** Whether this address must solve a captcha now. */
export async function captchaNeeded(db: Executor, ip: string, now: Date): Promise<boolean> {
  return (await failuresOf(db, FAILURES, ip, now)) >= CAPTCHA_AFTER;
}

/** Counts a failure of the address (the caller then throws its refusal). */
export async function countFailure(db: Executor, ip: string, now: Date): Promise<void> {
  await recordFailure(db, FAILURES, ip, now);
}

/**
 * When the address needs it: the payload must be a solved, signed, unexpired challenge not used
 * before, else 10020030.
 */
export async function requireCaptcha(
  db: Executor,
  secret: string,
  ip: string,
  payload: string | null | undefined,
  now: Date,
): Promise<void> {
  if (!(await captchaNeeded(db, ip, now))) return;
  if (!payload) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '操作失败次数较多，请先完成人机验证');
  let parsed: { challenge?: unknown; solution?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '人机验证无效，请重新验证');
  }
  const result = await verifySolution({
    challenge: parsed.challenge as Parameters<typeof verifySolution>[0]['challenge'],
    solution: parsed.solution as Parameters<typeof verifySolution>[0]['solution'],
    deriveKey,
    hmacSignatureSecret: signingKey(secret),
  }).catch(() => null);
  if (!result?.verified) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '人机验证无效或已过期，请重新验证');
  const nonce = String((parsed.challenge as { parameters?: { nonce?: unknown } }).parameters?.nonce ?? '');
  if ((await recordFailure(db, USED, nonce, now)) > 1)
    throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '人机验证已使用，请重新验证');
}
