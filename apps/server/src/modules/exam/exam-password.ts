/**
 * The password of an exam of open type 9, with tries limited per (learner, exam): 5 wrong
 * passwords lock that learner out of that exam's password for 15 minutes. The try is taken
 * atomically before the comparison (platform/attempts.ts), so parallel guesses cannot pass the
 * limit; the right password forgets the count.
 */
import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@exam/contracts';
import { type AttemptRule, clear, minutesText, reserve } from '../../platform/attempts.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

export const EXAM_PASSWORD_RULE: AttemptRule = { scope: 'exam-password', max: 5, windowMs: 15 * 60_000 };

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function checkExamPassword(
  db: Executor,
  userId: string,
  exam: { id: string; password: string | null },
  password: string | null | undefined,
  now: Date,
): Promise<void> {
  if (!password) throw new AppError(ErrorCode.EXAM_PASSWORD_WRONG, '请输入考试密码');
  const key = `${userId}|${exam.id}`;
  const slot = await reserve(db, EXAM_PASSWORD_RULE, key, now);
  if (!slot.ok)
    throw new AppError(ErrorCode.TOO_MANY_REQUESTS, `考试密码错误次数过多，请${minutesText(slot.retryAfterMs)}后再试`);
  if (samePassword(password, exam.password ?? '')) {
    await clear(db, EXAM_PASSWORD_RULE, key);
    return;
  }
  const left = EXAM_PASSWORD_RULE.max - slot.count;
  throw new AppError(
    ErrorCode.EXAM_PASSWORD_WRONG,
    left > 0
      ? `考试密码错误，还可尝试${left}次`
      : `考试密码错误次数过多，请${minutesText(EXAM_PASSWORD_RULE.windowMs)}后再试`,
  );
}
