/**
 * The domain-event outbox (platform/events): an event row and one delivery row per consumer
 * subscribed at that moment are written in the transaction of the change that raised it (an event
 * published without a known subscriber list is fanned out later by a dispatcher); each delivery row
 * is deleted once its consumer succeeded, so both tables stay small. A delivery that failed
 * `maxAttempts` times is parked (parked_at) until an administrator retries it.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz } from './columns.js';

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
