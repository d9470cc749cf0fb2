/**
 * Learner accounts created by a first sign-in that is not a registration form: by
 * mobile number and SMS code, or by a third-party identity, when the site config opens
 * registration. The password is random and never told: such a user signs in the way they came
 * (or sets a password through 忘记密码 when the account has a mobile).
 */
import { randomBytes } from 'node:crypto';
import { UserState } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { sysConfig, sysRole, sysUser, sysUserRole } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { hashPassword } from '../../../platform/password.js';
import { STUDENT_ROLE } from './auth.service.js';

export interface RegistrationRule {
  regOpen: boolean;
  regReview: boolean;
}

export async function registrationRule(db: Executor): Promise<RegistrationRule> {
  const [row] = await db.select({ regOpen: sysConfig.regOpen, regReview: sysConfig.regReview }).from(sysConfig);
  return { regOpen: row?.regOpen ?? false, regReview: row?.regReview ?? false };
}

/** Hash of a password nobody knows; computed before the transaction (no await inside but tx queries). */
export const unknownPasswordHash = (): Promise<string> => hashPassword(randomBytes(24).toString('base64url'));

/**
 * Creates a learner inside the caller's transaction: the preferred user name when free, else
 * it with a random suffix. Answers the new id.
 */
export async function createLearner(
  tx: Executor,
  input: { userName: string; realName: string; mobile: string | null; passwordHash: string; pending: boolean },
): Promise<string> {
  let userName = input.userName;
  const [taken] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), isNull(sysUser.deletedAt)))
    .limit(1);
  if (taken) userName = `${userName}_${randomBytes(3).toString('hex')}`;
  const [user] = await tx
    .insert(sysUser)
    .values({
      userName,
      realName: input.realName.slice(0, 32),
      passwordHash: input.passwordHash,
      mobile: input.mobile,
      state: input.pending ? UserState.PENDING : UserState.NORMAL,
    })
    .returning({ id: sysUser.id });
  const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, STUDENT_ROLE));
  if (role) await tx.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
  return user.id;
}
