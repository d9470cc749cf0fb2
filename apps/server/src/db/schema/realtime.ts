/** Tickets of the realtime stream (platform/realtime/tickets.ts): any instance can take one, once. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

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
