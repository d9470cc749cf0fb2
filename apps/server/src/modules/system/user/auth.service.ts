/** Sign-in, registration, sign-out and the current user's profile. */
import {
  ErrorCode,
  RoleType,
  sysUserLogin,
  type TLogin,
  type TRegister,
  type TUserInfo,
  UserState,
} from '@exam/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { sysConfig, sysDepart, sysRole, sysUser, sysUserMsg, sysUserRole } from '../../../db/schema/index.js';
import { LogType, writeLog } from '../../../platform/audit.js';
import { authChanged, revokeUserTokens } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, duplicate, isUniqueViolation, notFound } from '../../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../../platform/password.js';
import { learnerFeatures } from './features.js';
import { loadPermissions } from './identity.js';
import { admitSignIn, ownerByUserName, signInFailed, signInSucceeded } from './sign-in-guard.js';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Code of the learner role given to self-registered students. */
export const STUDENT_ROLE = 'student';

/** One sign-in line of the login log; `path` names the way in (password by default, face, …). */
export async function recordSignIn(
  db: Executor,
  userName: string,
  userId: string | null,
  success: boolean,
  message: string,
  meta: ClientMeta,
  now: Date,
  path: string = sysUserLogin.path,
): Promise<void> {
  await writeLog(db, {
    type: LogType.LOGIN,
    userId,
    userName,
    title: success ? '登录成功' : '登录失败',
    path,
    success,
    message,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
  });
}

/**
 * The account's state, once the credentials of any way in (password, face, SMS code, a third
 * party) have passed: a disabled or a pending account is refused, anything else signs in. `record`
 * writes the way's line of the login log, `welcome` its success text.
 */
export async function admitAccount(
  state: number,
  record: (success: boolean, message: string) => Promise<void>,
  welcome: string,
): Promise<void> {
  if (state === UserState.DISABLED) {
    await record(false, '账号已禁用');
    throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  }
  if (state === UserState.PENDING) {
    await record(false, '账号待审核');
    throw new AppError(ErrorCode.ACCOUNT_PENDING);
  }
  await record(true, welcome);
}

/** Checks the credentials and the account state; answers the user id on success. */
export async function authenticate(db: Db, input: TLogin, meta: ClientMeta, now = new Date()): Promise<string> {
  const pairCount = await admitSignIn(db, input.userName, meta.ip, now, ownerByUserName(db, input.userName));
  const [user] = await db
    .select({ id: sysUser.id, passwordHash: sysUser.passwordHash, state: sysUser.state })
    .from(sysUser)
    .where(and(eq(sysUser.userName, input.userName), isNull(sysUser.deletedAt)));
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await recordSignIn(db, input.userName, user?.id ?? null, false, '用户名或密码错误', meta, now);
    throw await signInFailed(db, input.userName, meta.ip, pairCount, now);
  }
  await signInSucceeded(db, input.userName, meta.ip);
  const record = (ok: boolean, message: string) => recordSignIn(db, input.userName, user.id, ok, message, meta, now);
  await admitAccount(user.state, record, '登录成功');
  return user.id;
}

/**
 * One answer for a taken user name and a taken mobile, after the same hashing work, so the
 * answer does not tell which of the two is registered (docs/SECURITY.md).
 */
export const TAKEN = '用户名或手机号已被注册，请更换；如已有账号，请直接登录或通过找回密码重置';

/** Self-registration of a student; the site config decides whether the account waits for review. */
export async function register(db: Db, input: TRegister): Promise<{ userId: string; pending: boolean }> {
  const [config] = await db.select({ regOpen: sysConfig.regOpen, regReview: sysConfig.regReview }).from(sysConfig);
  if (config && !config.regOpen) throw new AppError(ErrorCode.REGISTRATION_CLOSED);
  const pending = config?.regReview ?? false;
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      if (input.deptId) {
        const [dept] = await tx.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.id, input.deptId));
        if (!dept) throw notFound('部门');
      }
      const [sameMobile] = await tx
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.mobile, input.mobile), isNull(sysUser.deletedAt)))
        .limit(1);
      if (sameMobile) throw duplicate(TAKEN);
      const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, STUDENT_ROLE));
      const [user] = await tx
        .insert(sysUser)
        .values({
          userName: input.userName,
          realName: input.realName,
          passwordHash,
          mobile: input.mobile,
          deptId: input.deptId ?? null,
          state: pending ? UserState.PENDING : UserState.NORMAL,
        })
        .returning({ id: sysUser.id });
      if (role) await tx.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
      return user.id;
    });
    return { userId, pending };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(TAKEN);
    throw err;
  }
}

/** The profile of SPEC 7 /info with roles, permissions, roleType and the unread count. */
export async function loadUserInfo(db: Executor, userId: string): Promise<TUserInfo> {
  const [user] = await db
    .select({
      id: sysUser.id,
      userName: sysUser.userName,
      realName: sysUser.realName,
      avatar: sysUser.avatar,
      mobile: sysUser.mobile,
      deptCode: sysDepart.code,
      deptName: sysDepart.name,
    })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(and(eq(sysUser.id, userId), isNull(sysUser.deletedAt)));
  if (!user) throw new AppError(ErrorCode.NOT_LOGIN);
  const roles = await db
    .select({ code: sysRole.code, name: sysRole.name, roleType: sysRole.roleType })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  const roleType = roles.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER;
  const permissions = roleType === RoleType.ADMIN ? await loadPermissions(db, userId) : [];
  return {
    ...user,
    roleType,
    roles: roles.map((r) => r.code),
    roleNames: roles.map((r) => r.name),
    permissions,
    unreadMsg: await countUnread(db, userId),
    features: await learnerFeatures(db),
  };
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sysUserMsg)
    .where(and(eq(sysUserMsg.userId, userId), isNull(sysUserMsg.readAt), isNull(sysUserMsg.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Changes the signed-in user's password after checking the old one, and signs out every other
 * session of the user (a stolen token must not outlive the change); the current one stays.
 */
export async function updatePassword(
  db: Db,
  userId: string,
  currentTokenHash: string,
  oldPassword: string,
  password: string,
): Promise<void> {
  const [user] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError(ErrorCode.BAD_PARAMS, '原密码不正确');
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(sysUser).set({ passwordHash, updatedAt: sql`now()` }).where(eq(sysUser.id, userId));
    await revokeUserTokens(tx, [userId], currentTokenHash);
  });
  await authChanged({ users: [userId] });
}
