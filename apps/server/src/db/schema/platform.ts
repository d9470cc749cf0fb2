/**
 * Tables of the platform layer, which every module may read: sign-in tokens, the operation log,
 * failed-attempt counters, the realtime stream's tickets and the domain-event outbox.
 *
 * The outbox (platform/events): an event row and one delivery row per consumer subscribed at that
 * moment are written in the transaction of the change that raised it (an event published without a
 * known subscriber list is fanned out later by a dispatcher); each delivery row is deleted once its
 * consumer succeeded, so both tables stay small. A delivery that failed `maxAttempts` times is
 * parked (parked_at) until an administrator retries it.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz } from './columns.js';

/** Sign-in tokens, stored as SHA-256 hashes with a sliding expiry. */
export const sysToken = pgTable(
  'sys_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_token_user_idx').on(t.userId), index('sys_token_expires_idx').on(t.expiresAt)],
);

/** Logs: 1 sign-in, 2 administrator write, 3 client error. */
export const sysLog = pgTable(
  'sys_log',
  {
    id: idColumn(),
    type: smallint('type').notNull(),
    userId: text('user_id'),
    userName: text('user_name'),
    title: text('title').notNull(),
    path: text('path'),
    params: jsonb('params'),
    success: boolean('success').notNull().default(true),
    message: text('message'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_log_type_created_idx').on(t.type, t.createdAt),
    index('sys_log_user_name_idx').on(t.userName, t.type, t.createdAt),
    // The usual-address lookup of the sign-in guard: a user's successful sign-ins of any method.
    index('sys_log_user_id_idx').on(t.userId, t.type, t.createdAt),
  ],
);

/** Counters of failed attempts (sign-in, exam password), shared by every instance through the database. */
/**
 * One row per (scope, key), e.g. ('login-pair', 'name|ip'). `failures` counts attempts since
 * the window began; the window (and a lock) ends a fixed time after `lastAt`.
 */
export const sysAttempt = pgTable(
  'sys_attempt',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastAt: tz('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Tickets of the realtime stream (platform/realtime/tickets.ts): any instance can take one, once. */
/**
 * A single-use ticket: the SHA-256 of the secret the client puts in the stream's URL, the session
 * it was asked with (a signed-out session's tickets open nothing), the user as that session saw
 * them, and the topics and replay point it was issued for. Taken by one DELETE … RETURNING.
 */
export const sysRealtimeTicket = pgTable(
  'sys_realtime_ticket',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    user: jsonb('user').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
    lastEventId: text('last_event_id'),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('sys_realtime_ticket_expires_idx').on(t.expiresAt)],
);

export const sysEvent = pgTable(
  'sys_event',
  {
    id: idColumn(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** Set once the delivery rows of the consumers subscribed at that time exist (at publish, normally). */
    fannedOut: boolean('fanned_out').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sys_event_pending_idx').on(t.createdAt).where(sql`${t.fannedOut} = false`)],
);

export const sysEventDelivery = pgTable(
  'sys_event_delivery',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => sysEvent.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the attempts ran out: no more automatic retries until an administrator retries it. */
    parkedAt: tz('parked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.consumer] }),
    index('sys_event_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.parkedAt} is null`),
    index('sys_event_delivery_parked_idx').on(t.parkedAt).where(sql`${t.parkedAt} is not null`),
  ],
);
