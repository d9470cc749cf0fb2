/**
 * The one OAuth 2.0 / OpenID Connect core, for every provider adapter (wechat.ts,
 * dingtalk.ts, oidc.ts):
 * - start: a flow row keyed by a random `state`, holding the PKCE verifier and nonce (never sent
 *   to the browser) and the hash of a browser key the web keeps in sessionStorage, so a callback
 *   from another browser (login CSRF, a forwarded link) is refused. 10 minutes, single use.
 * - callback: claims the flow atomically (a state works once), lets the adapter exchange the code
 *   and identify the person, then: a bound identity signs in; a 'bind' flow binds to its user;
 *   an unbound identity gets a ticket (10 minutes) to bind an existing account after its password
 *   (bindLogin, counted by sign-in-guard like any password) or to create a learner when
 *   registration is open (registerByTicket); otherwise it is refused (OAUTH_NOT_BOUND).
 * - bindings: one identity per provider per user, one user per identity (unique indexes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, OAUTH_PROVIDER_LABELS, type TOauthBinding, type TOauthProvider } from '@exam/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { sysConfig, sysOauthFlow, sysUser, sysUserBind } from '../../../db/schema/index.js';
import { recordFailure } from '../../../platform/attempts.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, conflict, isUniqueViolation } from '../../../platform/errors.js';
import { admitAccount, authenticate, type ClientMeta, recordSignIn } from '../user/auth.service.js';
import { createLearner, registrationRule, unknownPasswordHash } from '../user/auto-register.js';
import { ADDRESS_RULE } from '../user/sign-in-guard.js';
import { dingtalkAdapter } from './dingtalk.js';
import { oidcAdapter } from './oidc.js';
import type { ProviderAdapter } from './provider-types.js';
import { wechatAdapter } from './wechat.js';

export const FLOW_TTL_MS = 10 * 60_000;
export const TICKET_TTL_MS = 10 * 60_000;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const random = (bytes = 32) => randomBytes(bytes).toString('base64url');
const fail = (msg: string) => new AppError(ErrorCode.OAUTH_FAILED, msg);

interface ProviderConfig {
  enabled: boolean;
  label: string;
  adapter: ProviderAdapter | null;
}

/** The provider's switch, label and adapter from site config (null when its settings are incomplete). */
export async function providerConfig(db: Executor, provider: TOauthProvider): Promise<ProviderConfig> {
  const [row] = await db
    .select({
      wechat: sysConfig.wechatLogin,
      dingtalk: sysConfig.dingtalkLogin,
      oidc: sysConfig.oidcLogin,
      oauth: sysConfig.oauth,
    })
    .from(sysConfig);
  const settings = (row?.oauth?.[provider] ?? {}) as Record<string, string | undefined>;
  const enabled = Boolean(row?.[provider]);
  const label = provider === 'oidc' && settings.name ? settings.name : OAUTH_PROVIDER_LABELS[provider];
  let adapter: ProviderAdapter | null = null;
  if (provider === 'wechat' && settings.appId && settings.appSecret)
    adapter = wechatAdapter({ ...settings, appId: settings.appId, appSecret: settings.appSecret });
  if (provider === 'dingtalk' && settings.clientId && settings.clientSecret)
    adapter = dingtalkAdapter({ ...settings, clientId: settings.clientId, clientSecret: settings.clientSecret });
  if (provider === 'oidc' && settings.discoveryUrl && settings.clientId && settings.clientSecret)
    adapter = oidcAdapter({
      ...settings,
      discoveryUrl: settings.discoveryUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
    });
  return { enabled, label, adapter };
}

async function enabledAdapter(
  db: Executor,
  provider: TOauthProvider,
): Promise<ProviderConfig & { adapter: ProviderAdapter }> {
  const config = await providerConfig(db, provider);
  if (!config.enabled) throw fail(`系统未开启${config.label}登录`);
  if (!config.adapter) throw fail(`${config.label}登录尚未配置完整，请联系管理员`);
  return config as ProviderConfig & { adapter: ProviderAdapter };
}

/** Starts a flow and answers the provider's authorisation URL. */
export async function startFlow(
  db: Db,
  input: { provider: TOauthProvider; redirectUri: string; browserKey: string },
  purpose: 'login' | 'bind',
  userId: string | null,
  now: Date,
): Promise<{ url: string }> {
  const { adapter } = await enabledAdapter(db, input.provider);
  const checks = {
    state: random(),
    redirectUri: input.redirectUri,
    codeVerifier: adapter.pkce ? random() : null,
    nonce: adapter.pkce ? random(16) : null,
  };
  const url = await adapter.authorizationUrl(checks);
  if (Math.random() < 0.05)
    await db.delete(sysOauthFlow).where(lt(sysOauthFlow.createdAt, new Date(now.getTime() - 24 * 3600_000)));
  await db.insert(sysOauthFlow).values({
    id: checks.state,
    provider: input.provider,
    purpose,
    userId,
    browserKeyHash: sha256(input.browserKey),
    redirectUri: input.redirectUri,
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    createdAt: now,
  });
  return { url };
}

export type CallbackResult =
  | { result: 'signedIn'; provider: TOauthProvider; userId: string; displayName: string | null }
  | { result: 'bound'; provider: TOauthProvider; displayName: string | null }
  | { result: 'unbound'; provider: TOauthProvider; ticket: string; displayName: string | null; canRegister: boolean };

/** Counts a failed third-party sign-in against the address, like a wrong password. */
async function countFailure(db: Executor, meta: ClientMeta, now: Date) {
  if (meta.ip) await recordFailure(db, ADDRESS_RULE, meta.ip, now);
}

/** Completes a flow with the provider's code (the /sync page). */
export async function completeFlow(
  db: Db,
  input: { state: string; code: string; browserKey: string; iss?: string },
  meta: ClientMeta,
  now: Date,
): Promise<CallbackResult> {
  const [flow] = await db
    .update(sysOauthFlow)
    .set({ calledBackAt: now })
    .where(and(eq(sysOauthFlow.id, input.state), isNull(sysOauthFlow.calledBackAt), gt(sysOauthFlow.expiresAt, now)))
    .returning();
  if (!flow || flow.browserKeyHash !== sha256(input.browserKey)) {
    await countFailure(db, meta, now);
    throw fail('登录请求已失效或不是从本浏览器发起的，请返回登录页重新登录');
  }
  const provider = flow.provider as TOauthProvider;
  const { adapter, label } = await enabledAdapter(db, provider);
  let identity: Awaited<ReturnType<ProviderAdapter['identify']>>;
  try {
    identity = await adapter.identify(
      { state: flow.id, redirectUri: flow.redirectUri, codeVerifier: flow.codeVerifier, nonce: flow.nonce },
      input.code,
      input.iss,
    );
  } catch (err) {
    await countFailure(db, meta, now);
    throw err;
  }
  const { subject, displayName } = identity;

  if (flow.purpose === 'bind' && flow.userId) {
    await bindIdentity(db, flow.userId, provider, subject, displayName, false, label);
    await db.update(sysOauthFlow).set({ doneAt: now }).where(eq(sysOauthFlow.id, flow.id));
    return { result: 'bound', provider, displayName };
  }

  const [bound] = await db
    .select({ userId: sysUserBind.userId })
    .from(sysUserBind)
    .innerJoin(sysUser, and(eq(sysUser.id, sysUserBind.userId), isNull(sysUser.deletedAt)))
    .where(and(eq(sysUserBind.provider, provider), eq(sysUserBind.subject, subject)));
  if (bound) {
    await assertMaySignIn(db, bound.userId, label, meta, now);
    await db.update(sysOauthFlow).set({ doneAt: now }).where(eq(sysOauthFlow.id, flow.id));
    return { result: 'signedIn', provider, userId: bound.userId, displayName };
  }

  const ticket = random();
  await db
    .update(sysOauthFlow)
    .set({
      subject,
      displayName,
      ticketHash: sha256(ticket),
      ticketExpiresAt: new Date(now.getTime() + TICKET_TTL_MS),
    })
    .where(eq(sysOauthFlow.id, flow.id));
  const rule = await registrationRule(db);
  return { result: 'unbound', provider, ticket, displayName, canRegister: rule.regOpen };
}

/** Refuses a disabled or pending account and logs the sign-in. */
async function assertMaySignIn(db: Executor, userId: string, label: string, meta: ClientMeta, now: Date) {
  const [user] = await db
    .select({ userName: sysUser.userName, state: sysUser.state })
    .from(sysUser)
    .where(eq(sysUser.id, userId));
  const record = (ok: boolean, message: string) => recordSignIn(db, user.userName, userId, ok, message, meta, now);
  await admitAccount(user.state, record, `${label}登录成功`);
}

async function bindIdentity(
  db: Executor,
  userId: string,
  provider: TOauthProvider,
  subject: string,
  displayName: string | null,
  createdUser: boolean,
  label: string,
): Promise<void> {
  const [other] = await db
    .select({ userId: sysUserBind.userId })
    .from(sysUserBind)
    .where(and(eq(sysUserBind.provider, provider), eq(sysUserBind.subject, subject)));
  if (other && other.userId === userId) return;
  if (other) throw conflict(`该${label}账号已绑定本系统的其他账号，请先在该账号的个人中心解绑`);
  try {
    await db.insert(sysUserBind).values({ userId, provider, subject, displayName, createdUser });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`您的账号已绑定其他${label}账号，请先解绑后再绑定`);
    throw err;
  }
}

/** The unbound identity waiting under a ticket, claimed once (the ticket is then used up). */
async function claimTicket(db: Executor, ticket: string, now: Date) {
  const [flow] = await db
    .update(sysOauthFlow)
    .set({ doneAt: now })
    .where(
      and(
        eq(sysOauthFlow.ticketHash, sha256(ticket)),
        isNull(sysOauthFlow.doneAt),
        gt(sysOauthFlow.ticketExpiresAt, now),
      ),
    )
    .returning();
  if (!flow?.subject) throw fail('第三方登录已超时，请返回登录页重新登录');
  return flow as typeof flow & { subject: string };
}

/** Gives the ticket back after a refused password, so the person may try again in the same flow. */
async function releaseTicket(db: Executor, flowId: string) {
  await db.update(sysOauthFlow).set({ doneAt: null }).where(eq(sysOauthFlow.id, flowId));
}

/** Binds the waiting identity to the account whose password is given, and answers its id. */
export async function bindLogin(
  db: Db,
  input: { ticket: string; userName: string; password: string },
  meta: ClientMeta,
  now: Date,
): Promise<string> {
  const flow = await claimTicket(db, input.ticket, now);
  const provider = flow.provider as TOauthProvider;
  const { label } = await providerConfig(db, provider);
  let userId: string;
  try {
    userId = await authenticate(db, { userName: input.userName, password: input.password }, meta, now);
    await bindIdentity(db, userId, provider, flow.subject, flow.displayName, false, label);
  } catch (err) {
    await releaseTicket(db, flow.id);
    throw err;
  }
  return userId;
}

/** Creates a learner for the waiting identity when registration is open. */
export async function registerByTicket(
  db: Db,
  ticket: string,
  meta: ClientMeta,
  now: Date,
): Promise<{ userId: string; pending: boolean }> {
  const rule = await registrationRule(db);
  if (!rule.regOpen)
    throw new AppError(
      ErrorCode.OAUTH_NOT_BOUND,
      '该第三方账号尚未绑定本系统账号，且系统未开放注册：请用已有账号的用户名和密码完成绑定，或联系管理员开通账号',
    );
  const passwordHash = await unknownPasswordHash();
  const flow = await claimTicket(db, ticket, now);
  const provider = flow.provider as TOauthProvider;
  const { label } = await providerConfig(db, provider);
  try {
    const userId = await db.transaction(async (tx) => {
      const id = await createLearner(tx, {
        userName: `${provider}_${randomBytes(4).toString('hex')}`,
        realName: flow.displayName || `${label}用户`,
        mobile: null,
        passwordHash,
        pending: rule.regReview,
      });
      await tx
        .insert(sysUserBind)
        .values({ userId: id, provider, subject: flow.subject, displayName: flow.displayName, createdUser: true });
      return id;
    });
    if (!rule.regReview)
      await recordSignIn(db, `${provider}:${flow.subject}`, userId, true, `${label}注册并登录`, meta, now);
    return { userId, pending: rule.regReview };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`该${label}账号已绑定本系统的其他账号`);
    throw err;
  }
}

export async function listBindings(db: Executor, userId: string): Promise<TOauthBinding[]> {
  const rows = await db
    .select({ provider: sysUserBind.provider, displayName: sysUserBind.displayName, createdAt: sysUserBind.createdAt })
    .from(sysUserBind)
    .where(eq(sysUserBind.userId, userId))
    .orderBy(sysUserBind.createdAt);
  return rows.map((r) => ({ ...r, provider: r.provider as TOauthProvider, createdAt: r.createdAt.toISOString() }));
}

/**
 * Unbinds; refused for the identity the account was created from while the account has no
 * mobile to sign in by (its password is random and unknown: it would be locked out).
 */
export async function unbind(db: Executor, userId: string, provider: TOauthProvider): Promise<void> {
  const [row] = await db
    .select({ id: sysUserBind.id, createdUser: sysUserBind.createdUser, mobile: sysUser.mobile })
    .from(sysUserBind)
    .innerJoin(sysUser, eq(sysUser.id, sysUserBind.userId))
    .where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.provider, provider)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '未绑定该登录方式');
  if (row.createdUser && !row.mobile)
    throw conflict('该账号是通过此第三方账号注册的，且没有绑定手机号，解绑后将无法登录；请先在个人资料中填写手机号');
  await db.delete(sysUserBind).where(and(eq(sysUserBind.id, row.id), sql`true`));
}
