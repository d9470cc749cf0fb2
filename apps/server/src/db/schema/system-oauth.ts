/** Third-party sign-in: who is bound to which outside identity, and flows under way. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz } from './columns.js';

/**
 * One row per (user, provider, subject): provider 'wechat' | 'dingtalk' | 'oidc', subject the
 * provider's stable id (WeChat unionid or openid, DingTalk unionId, the OIDC `sub`). An identity
 * belongs to one user; a user has at most one identity per provider.
 */
export const sysUserBind = pgTable(
  'sys_user_bind',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The name the provider gave (nickname, name claim), shown in the binding list. */
    displayName: text('display_name'),
    /** The account was created from this identity (its password is random and unknown). */
    createdUser: boolean('created_user').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sys_user_bind_subject_uq').on(t.provider, t.subject),
    uniqueIndex('sys_user_bind_user_uq').on(t.userId, t.provider),
  ],
);

/**
 * An authorisation-code flow between the redirect to the provider and its completion. `id` is the
 * `state` sent to the provider; the PKCE verifier and the nonce never leave the server; the
 * browser key (hashed) ties the flow to the browser that started it (no login CSRF). After the
 * callback an unbound identity is held here under a ticket until it is bound, registered or dropped.
 */
export const sysOauthFlow = pgTable(
  'sys_oauth_flow',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** 'login' or 'bind'. */
    purpose: text('purpose').notNull(),
    /** The signed-in user of a 'bind' flow. */
    userId: text('user_id'),
    browserKeyHash: text('browser_key_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    expiresAt: tz('expires_at').notNull(),
    /** Set when the provider's code was used (the state is single-use). */
    calledBackAt: tz('called_back_at'),
    subject: text('subject'),
    displayName: text('display_name'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: tz('ticket_expires_at'),
    doneAt: tz('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_oauth_flow_created_idx').on(t.createdAt),
    uniqueIndex('sys_oauth_flow_ticket_uq').on(t.ticketHash).where(sql`${t.ticketHash} is not null`),
  ],
);
