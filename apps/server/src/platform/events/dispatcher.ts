/**
 * Delivers outbox events to consumers, in-process, after the publishing transaction committed.
 * Two steps, each in short transactions that lock with FOR UPDATE SKIP LOCKED so several
 * instances share the work and each (event, consumer) is handled by one of them at a time:
 * 1. fan-out: a new event gets one delivery row per subscribed consumer (none: it is deleted);
 * 2. delivery: a due row is locked, its consumer runs inside that transaction (in a savepoint),
 *    and the row is deleted on success in the same commit — so a crash before the commit leaves
 *    the row for a retry and a success is never repeated. A failure keeps the row with
 *    attempts + 1, last_error and a later next_attempt_at; other rows go on.
 */
import { and, asc, eq, lte, notExists, sql } from 'drizzle-orm';
import { sysEvent, sysEventDelivery } from '../../db/schema/events.js';
import type { Db } from '../db.js';
import { DEFAULT_TIME_ZONE } from '../time-zone.js';
import type { AnyConsumer, DomainEvent } from './index.js';

export interface DispatcherLogger {
  warn(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  /** Period of the sweep that retries failures and picks up what a crashed process left. */
  sweepEveryMs?: number;
  /** Delay before the attempt after `attempts` failures. */
  backoffMs?: (attempts: number) => number;
  logger?: DispatcherLogger;
  /** The site's time zone handed to consumers (config `timeZone`; Asia/Shanghai when left out). */
  timeZone?: string;
}

export interface Dispatcher {
  /** Starts a delivery round soon (coalesced with one running); never throws. */
  kick(): void;
  /** Delivers everything due now and answers how many deliveries succeeded (tests, shutdown). */
  drain(): Promise<number>;
  /** Starts the periodic sweep. */
  start(): void;
  /** Stops the sweep and waits for a running round. */
  stop(): Promise<void>;
}

/** 1 s, 2 s, 4 s … capped at 10 minutes. */
export const defaultBackoff = (attempts: number): number => Math.min(1000 * 2 ** (attempts - 1), 600_000);

const FAN_OUT_BATCH = 100;
const ERROR_MAX = 2000;

export function createDispatcher(db: Db, consumers: AnyConsumer[], options: DispatcherOptions = {}): Dispatcher {
  const byName = new Map<string, AnyConsumer>();
  for (const c of consumers) {
    if (byName.has(c.name)) throw new Error(`duplicate event consumer name: ${c.name}`);
    byName.set(c.name, c);
  }
  const backoff = options.backoffMs ?? defaultBackoff;
  const logger = options.logger ?? { warn: (obj, msg) => console.warn(msg, obj) };
  const site = { timeZone: options.timeZone ?? DEFAULT_TIME_ZONE };

  /** Creates delivery rows for new events; answers how many events it took. */
  async function fanOut(): Promise<number> {
    return db.transaction(async (tx) => {
      const events = await tx
        .select({ id: sysEvent.id, name: sysEvent.name })
        .from(sysEvent)
        .where(eq(sysEvent.fannedOut, false))
        .orderBy(asc(sysEvent.createdAt))
        .limit(FAN_OUT_BATCH)
        .for('update', { skipLocked: true });
      for (const e of events) {
        const names = consumers.filter((c) => (c.events as readonly string[]).includes(e.name)).map((c) => c.name);
        if (names.length === 0) {
          await tx.delete(sysEvent).where(eq(sysEvent.id, e.id));
          continue;
        }
        await tx
          .insert(sysEventDelivery)
          .values(names.map((consumer) => ({ eventId: e.id, consumer })))
          .onConflictDoNothing();
        await tx.update(sysEvent).set({ fannedOut: true }).where(eq(sysEvent.id, e.id));
      }
      return events.length;
    });
  }

  /** Handles one due delivery; answers 'none' when nothing is due (or all due rows are locked). */
  async function deliverOne(): Promise<'none' | 'done' | 'failed'> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ d: sysEventDelivery, e: sysEvent })
        .from(sysEventDelivery)
        .innerJoin(sysEvent, eq(sysEvent.id, sysEventDelivery.eventId))
        .where(lte(sysEventDelivery.nextAttemptAt, sql`now()`))
        .orderBy(asc(sysEventDelivery.nextAttemptAt))
        .limit(1)
        .for('update', { of: sysEventDelivery, skipLocked: true });
      if (!row) return 'none';
      const key = and(eq(sysEventDelivery.eventId, row.d.eventId), eq(sysEventDelivery.consumer, row.d.consumer));
      const consumer = byName.get(row.d.consumer);
      const event = {
        id: row.e.id,
        name: row.e.name,
        payload: row.e.payload,
        createdAt: row.e.createdAt,
      } as DomainEvent;
      try {
        if (!consumer) throw new Error('此实例没有注册该消费者');
        // A savepoint: a failing consumer's writes are undone, the failure itself is recorded.
        await tx.transaction((sp) => consumer.handle(event, sp, site));
      } catch (err) {
        const attempts = row.d.attempts + 1;
        const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
        await tx
          .update(sysEventDelivery)
          .set({
            attempts,
            lastError: message.slice(0, ERROR_MAX),
            nextAttemptAt: new Date(Date.now() + backoff(attempts)),
          })
          .where(key);
        logger.warn(
          { event: row.e.name, eventId: row.e.id, consumer: row.d.consumer, attempts, err: message },
          '领域事件消费失败，稍后重试',
        );
        return 'failed';
      }
      await tx.delete(sysEventDelivery).where(key);
      await tx
        .delete(sysEvent)
        .where(
          and(
            eq(sysEvent.id, row.e.id),
            notExists(tx.select().from(sysEventDelivery).where(eq(sysEventDelivery.eventId, row.e.id))),
          ),
        );
      return 'done';
    });
  }

  /** Events whose last deliveries finished on two instances at once can each see the other's row. */
  async function removeFinishedEvents(): Promise<void> {
    await db
      .delete(sysEvent)
      .where(
        and(
          eq(sysEvent.fannedOut, true),
          notExists(db.select().from(sysEventDelivery).where(eq(sysEventDelivery.eventId, sysEvent.id))),
        ),
      );
  }

  async function round(): Promise<number> {
    while ((await fanOut()) === FAN_OUT_BATCH) {}
    let done = 0;
    for (;;) {
      const outcome = await deliverOne();
      if (outcome === 'none') return done;
      if (outcome === 'done') done++;
    }
  }

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function loop(): Promise<number> {
    let done = 0;
    do {
      again = false;
      done += await round();
    } while (again && !stopped);
    return done;
  }

  function launch(): Promise<number> {
    const p = loop().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  }

  return {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      launch().catch((err) => logger.warn({ err: String(err) }, '领域事件投递失败'));
    },
    async drain() {
      while (running) await running.catch(() => undefined);
      return launch();
    },
    start() {
      if (timer || stopped) return;
      let sweeps = 0;
      timer = setInterval(() => {
        this.kick();
        if (++sweeps % 30 === 0) removeFinishedEvents().catch(() => undefined);
      }, options.sweepEveryMs ?? 2000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running.catch(() => undefined);
    },
  };
}
