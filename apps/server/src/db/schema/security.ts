/** Counters of failed attempts (sign-in, exam password), shared by every instance through the database. */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

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
