/**
 * Tokens: random, stored as SHA-256 hashes with a sliding expiry, so any instance can check
 * them and logout revokes them (DESIGN 4). The lookup is a prepared statement: it runs on every call.
 * Who a token is (users, departments, roles, menus) is the system module's to read: it hands its
 * statements in through `provideIdentity` (modules/index.ts); the platform imports no module.
 */
import { createHash } from 'node:crypto';
import { CANDIDATE_TOKEN_PREFIX, DataScope, ErrorCode, type PermissionTag, RoleType } from '@exam/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { sysToken } from '../db/schema/index.js';
import { type AuthCache, authCache, authChanged } from './auth-cache.js';
import type { Db, Executor } from './db.js';
import { AppError } from './errors.js';
import { secretId } from './ids.js';

export { type AuthChange, authChanged } from './auth-cache.js';

/** The signed-in user as every handler sees it. */
export interface AuthUser {
  id: string;
  userName: string;
  realName: string;
  roleType: number;
  dataScope: number;
  deptId: string | null;
  deptCode: string | null;
  tokenHash: string;
  /**
   * Set for a candidate's session (an outside person who registered through an exam's link): not
   * an organisation user, confined to that exam (platform/candidate-session.ts).
   */
  candidate?: { examId: string } | null;
}

const DEFAULT_MAX_AGE_MS = 7 * 24 * 3600_000;

/** Refresh the sliding expiry at most this often per token, to keep writes off the hot path. */
const SLIDE_EVERY_MS = 5 * 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  db: Executor,
  userId: string,
  ttlMs: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const token = secretId(32);
  await db.insert(sysToken).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * A candidate's session (the candidate module registers it): the candidate prefix on the token,
 * the candidate's id as its user, ending at `expiresAt` (the exam's end).
 */
export async function issueCandidateToken(
  db: Executor,
  candidateId: string,
  expiresAt: Date,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const token = `${CANDIDATE_TOKEN_PREFIX}${secretId(32)}`;
  await db.insert(sysToken).values({
    tokenHash: hashToken(token),
    userId: candidateId,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** Signs out the session of a token hash (the request's own `tokenHash`), on every instance. */
export async function revokeTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sysToken).where(eq(sysToken.tokenHash, tokenHash));
  await authChanged({ tokens: [tokenHash] });
}

/** Signs a token out: deleted, and dropped from the cache of every instance. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db.delete(sysToken).where(eq(sysToken.tokenHash, tokenHash));
  await authChanged({ tokens: [tokenHash] });
}

/**
 * Revokes every token of the users (disabled, deleted, password reset), but `keepTokenHash` (the
 * session changing its own password stays signed in). sys_token is the platform's: modules revoke
 * through here. Inside a transaction: the caller calls `authChanged({ users })` after the commit.
 */
export async function revokeUserTokens(db: Executor, userIds: string[], keepTokenHash?: string): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(sysToken)
    .where(and(inArray(sysToken.userId, userIds), keepTokenHash ? ne(sysToken.tokenHash, keepTokenHash) : undefined));
}

/** A live token's row as the system module's lookup finds it: its user and the token's times. */
export interface TokenIdentity {
  id: string;
  userName: string;
  realName: string;
  state: number;
  deptId: string | null;
  deptCode: string | null;
  roleType: number;
  dataScope: number;
  lastUsedAt: Date;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The port of the token and permission checks, filled by the system module
 * (`system/user/identity.ts`) when modules/index.ts is loaded.
 */
export interface IdentitySource {
  /**
   * Prepares the one statement resolving a token hash to its live token and user (nothing for a
   * token past its expiry, older than `maxAgeMs`, or of a deleted user).
   */
  prepareTokenLookup(db: Db, maxAgeMs: number): (tokenHash: string) => Promise<TokenIdentity | undefined>;
  /** Permission tags granted to a user through the function menus of their roles. */
  loadPermissions(db: Executor, userId: string): Promise<string[]>;
}

let identity: IdentitySource | null = null;

/** A live candidate token as the candidate module's lookup finds it. */
export interface CandidateTokenIdentity {
  id: string;
  name: string | null;
  examId: string;
  lastUsedAt: Date;
  createdAt: Date;
  /** The token's own expiry, or the exam's end when that comes first: the session ends with the exam. */
  expiresAt: Date;
}

/** The port of the candidate token check, filled by the candidate module (modules/index.ts). */
export interface CandidateIdentitySource {
  prepareCandidateLookup(db: Db): (tokenHash: string) => Promise<CandidateTokenIdentity | undefined>;
}

let candidateIdentity: CandidateIdentitySource | null = null;

/** Called once at load by modules/index.ts with the candidate module's lookup; answers the previous one. */
export function provideCandidateIdentity(source: CandidateIdentitySource | null): CandidateIdentitySource | null {
  const previous = candidateIdentity;
  candidateIdentity = source;
  return previous;
}

/** A candidate session's token starts with this (contracts CANDIDATE_TOKEN_PREFIX). */
export const isCandidateToken = (token: string): boolean => token.startsWith(CANDIDATE_TOKEN_PREFIX);

/**
 * Called once at load by modules/index.ts with the system module's statements; answers what was
 * there before (a unit test hands in its own source and puts the previous one back).
 */
export function provideIdentity(source: IdentitySource | null): IdentitySource | null {
  const previous = identity;
  identity = source;
  return previous;
}

/** The filled port; throws while nothing was handed in (an unwired check must never pass a call). */
function identitySource(): IdentitySource {
  if (!identity) throw new Error('auth: no identity source was provided (modules/index.ts provideIdentity)');
  return identity;
}

/** What the cache keeps of a valid token: the user as handlers see it, and the token's times. */
interface CachedToken {
  user: Omit<AuthUser, 'tokenHash'>;
  lastUsedAt: number;
  createdAt: number;
}

/**
 * Builds the token checker for one database; the statement is prepared once. A token ends after
 * `ttlMs` unused (sliding) or `maxAgeMs` after sign-in, whichever comes first. A valid token is
 * kept in the cache (auth-cache.ts) for a few seconds, never past its own end.
 */
export function createTokenVerifier(
  db: Db,
  ttlMs: number,
  maxAgeMs: number = DEFAULT_MAX_AGE_MS,
  cache: AuthCache = authCache,
) {
  const tokens = cache as AuthCache<CachedToken>;
  // Prepared at the first check (the port is filled when modules/index.ts is loaded).
  let lookup: ((tokenHash: string) => Promise<TokenIdentity | undefined>) | null = null;
  let candidateLookup: ((tokenHash: string) => Promise<CandidateTokenIdentity | undefined>) | null = null;

  /** A candidate's token: its own lookup (no sys_user row), an identity with no department, role or tag. */
  async function candidateToken(tokenHash: string): Promise<CachedToken & { end: number }> {
    if (!candidateIdentity) throw new Error('auth: no candidate identity source was provided (modules/index.ts)');
    candidateLookup ??= candidateIdentity.prepareCandidateLookup(db);
    const row = await candidateLookup(tokenHash);
    if (!row) throw new AppError(ErrorCode.NOT_LOGIN, '考生会话已结束，请重新通过考试链接进入');
    return {
      user: {
        id: row.id,
        userName: '',
        realName: row.name ?? '考生',
        roleType: RoleType.LEARNER,
        dataScope: DataScope.SELF,
        deptId: null,
        deptCode: null,
        candidate: { examId: row.examId },
      },
      lastUsedAt: row.lastUsedAt.getTime(),
      createdAt: row.createdAt.getTime(),
      end: row.expiresAt.getTime(),
    };
  }

  /** Resolves a token to its user, or throws 10010002. */
  return async function verifyToken(token: string): Promise<AuthUser> {
    const tokenHash = hashToken(token);
    let kept = tokens.getToken(tokenHash);
    if (!kept && isCandidateToken(token)) {
      const mark = tokens.mark();
      const found = await candidateToken(tokenHash);
      kept = { user: found.user, lastUsedAt: found.lastUsedAt, createdAt: found.createdAt };
      tokens.setToken(tokenHash, found.user.id, kept, Math.min(found.end, kept.createdAt + maxAgeMs), mark);
    }
    if (!kept) {
      const mark = tokens.mark();
      lookup ??= identitySource().prepareTokenLookup(db, maxAgeMs);
      const row = await lookup(tokenHash);
      if (!row) throw new AppError(ErrorCode.NOT_LOGIN);
      if (row.state !== 0) throw new AppError(ErrorCode.NOT_LOGIN, '账号已被禁用或待审核，请联系管理员');
      kept = {
        user: {
          id: row.id,
          userName: row.userName,
          realName: row.realName,
          roleType: row.roleType,
          dataScope: row.dataScope,
          deptId: row.deptId,
          deptCode: row.deptCode,
        },
        lastUsedAt: row.lastUsedAt.getTime(),
        createdAt: row.createdAt.getTime(),
      };
      const end = Math.min(row.expiresAt.getTime(), kept.createdAt + maxAgeMs);
      tokens.setToken(tokenHash, row.id, kept, end, mark);
    }
    if (Date.now() - kept.lastUsedAt > SLIDE_EVERY_MS) {
      const now = Date.now();
      // Marked first: the requests meanwhile do not write again.
      kept.lastUsedAt = now;
      await db
        .update(sysToken)
        .set({
          lastUsedAt: new Date(now),
          expiresAt: new Date(Math.min(now + ttlMs, kept.createdAt + maxAgeMs)),
        })
        .where(eq(sysToken.tokenHash, tokenHash));
    }
    return { ...kept.user, tokenHash };
  };
}

/**
 * Permission tags granted to a user through the function menus of their roles (the system module's
 * `loadPermissions`), through the cache (a few seconds; `authChanged` drops it on a role or menu change).
 */
export async function cachedPermissions(
  db: Executor,
  userId: string,
  cache: AuthCache = authCache,
): Promise<readonly string[]> {
  const kept = cache.getPermissions(userId);
  if (kept) return kept;
  const mark = cache.mark();
  const tags = await identitySource().loadPermissions(db, userId);
  cache.setPermissions(userId, tags, mark);
  return tags;
}

/** Refuses learners and administrators without the tag (DESIGN 4: a learner is refused on every admin call). */
export async function assertPermission(db: Executor, user: AuthUser, permission: PermissionTag): Promise<void> {
  if (user.roleType !== RoleType.ADMIN) throw new AppError(ErrorCode.NO_PERMISSION);
  const granted = await cachedPermissions(db, user.id);
  if (!granted.includes(permission))
    throw new AppError(ErrorCode.NO_PERMISSION, `您没有权限执行此操作（${permission}）`);
}
