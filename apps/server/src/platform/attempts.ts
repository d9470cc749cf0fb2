/**
 * Atomic counters of failed attempts in sys_attempt, so every instance sees the same count and
 * parallel requests cannot slip past a limit. Two ways to count:
 * - `reserve` takes a slot before the check (one atomic upsert); a success gives it back with
 *   `clear`. At most `max` checks can run per window, however many arrive at once.
 * - `recordFailure` counts after a failed check, for limits that must not hold back the
 *   successes running beside it (one office's sign-ins behind one address).
 * A window ends `windowMs` after the latest counted failure; then the count starts again.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { sysAttempt } from '../db/schema/index.js';
import type { Executor } from './db.js';

export interface AttemptRule {
  scope: string;
  max: number;
  windowMs: number;
}

export type Reservation = { ok: true; count: number } | { ok: false; retryAfterMs: number };

const windowStart = (rule: AttemptRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/** Takes one attempt of (scope, key) if fewer than `max` were counted in the window. */
export async function reserve(db: Executor, rule: AttemptRule, key: string, now: Date): Promise<Reservation> {
  const expired = sql`${sysAttempt.lastAt} <= ${windowStart(rule, now)}`;
  const rows = await db
    .insert(sysAttempt)
    .values({ scope: rule.scope, key, failures: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [sysAttempt.scope, sysAttempt.key],
      set: {
        failures: sql`case when ${expired} then 1 else ${sysAttempt.failures} + 1 end`,
        lastAt: now,
      },
      setWhere: sql`${expired} or ${sysAttempt.failures} < ${rule.max}`,
    })
    .returning({ failures: sysAttempt.failures });
  if (rows.length > 0) return { ok: true, count: rows[0].failures };
  return { ok: false, retryAfterMs: await retryAfter(db, rule, key, now) };
}

/** Rows quiet for a day count nothing any more (every window is shorter); drop them now and then. */
const PRUNE_AFTER_MS = 24 * 3600_000;
const PRUNE_CHANCE = 0.01;

export async function pruneAttempts(db: Executor, now: Date): Promise<void> {
  await db.delete(sysAttempt).where(lt(sysAttempt.lastAt, new Date(now.getTime() - PRUNE_AFTER_MS)));
}

/** Counts one failure of (scope, key); answers the count in the current window. */
export async function recordFailure(db: Executor, rule: AttemptRule, key: string, now: Date): Promise<number> {
  if (Math.random() < PRUNE_CHANCE) await pruneAttempts(db, now);
  const expired = sql`${sysAttempt.lastAt} <= ${windowStart(rule, now)}`;
  const [row] = await db
    .insert(sysAttempt)
    .values({ scope: rule.scope, key, failures: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [sysAttempt.scope, sysAttempt.key],
      set: { failures: sql`case when ${expired} then 1 else ${sysAttempt.failures} + 1 end`, lastAt: now },
    })
    .returning({ failures: sysAttempt.failures });
  return row.failures;
}

/** Failures of (scope, key) counted in the current window. */
export async function failuresOf(db: Executor, rule: AttemptRule, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ failures: sysAttempt.failures, lastAt: sysAttempt.lastAt })
    .from(sysAttempt)
    .where(and(eq(sysAttempt.scope, rule.scope), eq(sysAttempt.key, key)));
  if (!row || row.lastAt.getTime() <= windowStart(rule, now).getTime()) return 0;
  return row.failures;
}

/** How long until (scope, key) may try again when its window is full. */
export async function retryAfter(db: Executor, rule: AttemptRule, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ lastAt: sysAttempt.lastAt })
    .from(sysAttempt)
    .where(and(eq(sysAttempt.scope, rule.scope), eq(sysAttempt.key, key)));
  return row ? Math.max(0, row.lastAt.getTime() + rule.windowMs - now.getTime()) : 0;
}

/** Forgets the count of (scope, key): the right password was given. */
export async function clear(db: Executor, rule: AttemptRule, key: string): Promise<void> {
  await db.delete(sysAttempt).where(and(eq(sysAttempt.scope, rule.scope), eq(sysAttempt.key, key)));
}

/** "N分钟" for a wait, at least one minute. */
export const minutesText = (ms: number): string => `${Math.max(1, Math.ceil(ms / 60_000))}分钟`;
