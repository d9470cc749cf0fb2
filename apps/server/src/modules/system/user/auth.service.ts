/** Sign-in, registration, sign-out and the current user's profile (issue 2 §3). */
import { ErrorCode, RoleType, type TLogin, type TRegister, type TUserInfo, UserState } from '@exam/contracts';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sysConfig, sysDepart, sysLog, sysRole, sysUser, sysUserMsg, sysUserRole } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit.js';
import { loadPermissions } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, duplicate, isUniqueViolation, notFound } from '../../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../../platform/password.js';

/** Failed sign-ins allowed in the window before the account locks for LOCK_MS. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Code of the learner role given to self-registered students. */
export const STUDENT_ROLE = 'student';

async function recordSignIn(
  db: Executor,
  userName: string,
  userId: string | null,
  success: boolean,
  message: string,
  meta: ClientMeta,
  now: Date,
): Promise<void> {
  await db.insert(sysLog).values({
    type: LogType.LOGIN,
    userId,
    userName,
    title: success ? '登录成功' : '登录失败',
    path: '/api/sys/user/login',
    success,
    message,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
  });
}

/**
 * Failed sign-ins of a user name since its last success within the lock window; the account is
 * locked while there are MAX_FAILURES of them, until LOCK_MS after the latest one.
 */
export async function lockedUntil(db: Executor, userName: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - LOCK_MS);
  const recent = await db
    .select({ success: sysLog.success, createdAt: sysLog.createdAt })
    .from(sysLog)
    .where(and(eq(sysLog.type, LogType.LOGIN), eq(sysLog.userName, userName), gt(sysLog.createdAt, since)))
    .orderBy(desc(sysLog.createdAt))
    .limit(MAX_FAILURES);
  const failures = [];
  for (const row of recent) {
    if (row.success) break;
    failures.push(row);
  }
  if (failures.length < MAX_FAILURES) return null;
  return new Date(failures[0].createdAt.getTime() + LOCK_MS);
}

function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`;
}

/** Checks the credentials and the account state; answers the user id on success. */
export async function authenticate(db: Db, input: TLogin, meta: ClientMeta, now = new Date()): Promise<string> {
  const until = await lockedUntil(db, input.userName, now);
  if (until) throw new AppError(ErrorCode.ACCOUNT_LOCKED, lockedMessage(until, now));

  const [user] = await db
    .select({ id: sysUser.id, passwordHash: sysUser.passwordHash, state: sysUser.state })
    .from(sysUser)
    .where(and(eq(sysUser.userName, input.userName), isNull(sysUser.deletedAt)));
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await recordSignIn(db, input.userName, user?.id ?? null, false, '用户名或密码错误', meta, now);
    const lockedNow = await lockedUntil(db, input.userName, now);
    if (lockedNow) throw new AppError(ErrorCode.ACCOUNT_LOCKED, lockedMessage(lockedNow, now));
    throw new AppError(ErrorCode.BAD_CREDENTIALS);
  }
  if (user.state === UserState.DISABLED) {
    await recordSignIn(db, input.userName, user.id, false, '账号已禁用', meta, now);
    throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  }
  if (user.state === UserState.PENDING) {
    await recordSignIn(db, input.userName, user.id, false, '账号待审核', meta, now);
    throw new AppError(ErrorCode.ACCOUNT_PENDING);
  }
  await recordSignIn(db, input.userName, user.id, true, '登录成功', meta, now);
  return user.id;
}

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
      if (sameMobile) throw duplicate(`手机号 ${input.mobile} 已被注册`);
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
    if (isUniqueViolation(err)) throw duplicate(`用户名 ${input.userName} 已被注册`);
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
    .select({ code: sysRole.code, roleType: sysRole.roleType })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  const roleType = roles.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER;
  const permissions = roleType === RoleType.ADMIN ? await loadPermissions(db, userId) : [];
  return {
    ...user,
    roleType,
    roles: roles.map((r) => r.code),
    permissions,
    unreadMsg: await countUnread(db, userId),
  };
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sysUserMsg)
    .where(and(eq(sysUserMsg.userId, userId), isNull(sysUserMsg.readAt), isNull(sysUserMsg.deletedAt)));
  return row?.n ?? 0;
}

/** Changes the signed-in user's password after checking the old one. */
export async function updatePassword(db: Db, userId: string, oldPassword: string, password: string): Promise<void> {
  const [user] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError(ErrorCode.BAD_PARAMS, '原密码不正确');
  }
  await db
    .update(sysUser)
    .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
    .where(eq(sysUser.id, userId));
}
