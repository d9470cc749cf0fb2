/**
 * Delivers outbox events to consumers, in-process, after the publishing transaction committed.
 *
 * - Delivery rows are claimed in batches with FOR UPDATE SKIP LOCKED, only for consumers this
 *   process knows (a row of a consumer it does not know is left for an instance that does), so
 *   several instances and, on PostgreSQL, several workers of one instance share the work and each
 *   (event, consumer) is handled by one of them at a time.
 * - A batch runs its consumers in the claiming transaction and deletes their rows in the same
 *   commit: a crash before the commit leaves the rows for a retry, a success is never repeated.
 *   The batch first runs without savepoints (the fast path), each consumer taking its rows of the
 *   batch at once through `handleBatch` when it offers one; if a consumer fails, the batch rolls
 *   back and runs again row by row, each consumer in a savepoint, so the failure is recorded
 *   (attempts + 1, last_error, a later next_attempt_at) and the other rows go on.
 * - After `maxAttempts` failures a delivery is parked: no more automatic retries; administrators
 *   see it in 系统日志 → 事件投递 and retry it there (parked.ts).
 * - Events published before a subscriber list was registered are fanned out here (fanOut).
 * - Wake-up: the publishing process kicks its own dispatcher (install.ts); with a wake channel
 *   (PostgreSQL LISTEN/NOTIFY, pg-wake.ts) a dispatcher that finds a backlog wakes its peers, and
 *   is woken by theirs. The periodic sweep is only the fallback for retries and crashed peers.
 */
import { AsyncResource } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { sysEvent, sysEventDelivery } from '../../db/schema/platform.js';
import type { Db, Tx } from '../db.js';
import { DEFAULT_TIME_ZONE } from '../time-zone.js';
import type { AnyConsumer, DomainEvent } from './index.js';
import { registerSubscribers } from './subscribers.js';

export interface DispatcherLogger {
  warn(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
}

/** Lets dispatchers of several processes wake each other (PostgreSQL LISTEN/NOTIFY). */
export interface WakeChannel {
  /** Tells the peers there is work; never throws. */
  notify(): Promise<void>;
  /** Calls `onWake` whenever a peer notifies; answers how to stop listening. */
  listen(onWake: () => void): Promise<() => Promise<void>>;
}

export interface DispatcherOptions {
  /** Period of the fallback sweep that retries failures and picks up what a crashed process left. */
  sweepEveryMs?: number;
  /** Delay before the attempt after `attempts` failures. */
  backoffMs?: (attempts: number) => number;
  /** Failures after which a delivery is parked until an administrator retries it. */
  maxAttempts?: number;
  /** Deliveries claimed per transaction. */
  batchSize?: number;
  /** Batches delivered at once (PostgreSQL: separate connections; PGlite has one, so 1). */
  concurrency?: number;
  logger?: DispatcherLogger;
  /** The site's time zone handed to consumers (config `timeZone`; Asia/Shanghai when left out). */
  timeZone?: string;
  wake?: WakeChannel;
  /** False: leave the process's subscriber list as it is (a second dispatcher in a test). */
  registerSubscribers?: boolean;
}

export interface Dispatcher {
  /** Starts a delivery round soon (coalesced with one running); never throws. */
  kick(): void;
  /** Delivers everything due now and answers how many deliveries succeeded (tests, shutdown). */
  drain(): Promise<number>;
  /** Starts the periodic sweep and listens to the wake channel. */
  start(): void;
  /** Stops the sweep and waits for a running round. */
  stop(): Promise<void>;
}

/** 1 s, 2 s, 4 s … capped at 10 minutes. */
export const defaultBackoff = (attempts: number): number => Math.min(1000 * 2 ** (attempts - 1), 600_000);

/** Ten failures (1 s … 512 s apart, about 17 minutes in all) park a delivery. */
export const DEFAULT_MAX_ATTEMPTS = 10;

const FAN_OUT_BATCH = 100;
const ERROR_MAX = 2000;
/** A peer is woken at most this often by one dispatcher. */
const NOTIFY_EVERY_MS = 1000;

type Claimed = { d: typeof sysEventDelivery.$inferSelect; e: typeof sysEvent.$inferSelect };

/** A consumer failed on the fast path: the batch is rolled back and delivered row by row. */
class FastPathFailure extends Error {}

export function createDispatcher(db: Db, consumers: AnyConsumer[], options: DispatcherOptions = {}): Dispatcher {
  const byName = new Map<string, AnyConsumer>();
  for (const c of consumers) {
    if (byName.has(c.name)) throw new Error(`duplicate event consumer name: ${c.name}`);
    byName.set(c.name, c);
  }
  if (options.registerSubscribers !== false) registerSubscribers(consumers);
  const known = [...byName.keys()];
  const backoff = options.backoffMs ?? defaultBackoff;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const logger = options.logger ?? { warn: (obj, msg) => console.warn(msg, obj) };
  const site = { timeZone: options.timeZone ?? DEFAULT_TIME_ZONE };

  /** Creates delivery rows for events published without a subscriber list; answers how many it took. */
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

  /**
   * Locks the oldest due rows first, then joins their events: joined before the LIMIT, a backlog
   * made the planner (whose statistics of these small tables lag behind a burst) join and sort
   * every due row on each claim, which made draining a backlog quadratic (bench/README.md, the outbox's delivery rate).
   */
  async function claim(tx: Tx): Promise<Claimed[]> {
    if (known.length === 0) return [];
    const picked = tx.$with('picked').as(
      tx
        .select({ eventId: sysEventDelivery.eventId, consumer: sysEventDelivery.consumer })
        .from(sysEventDelivery)
        .where(
          and(
            lte(sysEventDelivery.nextAttemptAt, sql`now()`),
            isNull(sysEventDelivery.parkedAt),
            inArray(sysEventDelivery.consumer, known),
          ),
        )
        .orderBy(asc(sysEventDelivery.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true }),
    );
    return tx
      .with(picked)
      .select({ d: sysEventDelivery, e: sysEvent })
      .from(picked)
      .innerJoin(
        sysEventDelivery,
        and(eq(sysEventDelivery.eventId, picked.eventId), eq(sysEventDelivery.consumer, picked.consumer)),
      )
      .innerJoin(sysEvent, eq(sysEvent.id, sysEventDelivery.eventId))
      .orderBy(asc(sysEventDelivery.nextAttemptAt));
  }

  const eventOf = (row: Claimed) =>
    ({ id: row.e.id, name: row.e.name, payload: row.e.payload, createdAt: row.e.createdAt }) as DomainEvent;

  async function recordFailure(tx: Tx, row: Claimed, err: unknown): Promise<void> {
    const attempts = row.d.attempts + 1;
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    const parked = attempts >= maxAttempts;
    await tx
      .update(sysEventDelivery)
      .set({
        attempts,
        lastError: message.slice(0, ERROR_MAX),
        nextAttemptAt: new Date(Date.now() + backoff(attempts)),
        parkedAt: parked ? new Date() : null,
      })
      .where(and(eq(sysEventDelivery.eventId, row.d.eventId), eq(sysEventDelivery.consumer, row.d.consumer)));
    const log = { event: row.e.name, eventId: row.e.id, consumer: row.d.consumer, attempts, err: message };
    if (parked) (logger.error ?? logger.warn).call(logger, log, '领域事件多次消费失败，已暂停投递，请在系统日志中处理');
    else {
      logger.warn(log, '领域事件消费失败，稍后重试');
      retryIn(backoff(attempts));
    }
  }

  /** Deletes the finished rows and the events left without rows, in the batch's commit. */
  async function finish(tx: Tx, done: Claimed[]): Promise<void> {
    if (done.length === 0) return;
    // Two array parameters, whatever the batch size (a list of pairs costs two parameters per row to plan).
    const ids = `{${done.map((r) => JSON.stringify(r.d.eventId)).join(',')}}`;
    const names = `{${done.map((r) => JSON.stringify(r.d.consumer)).join(',')}}`;
    await tx.execute(sql`delete from sys_event_delivery d using unnest(${ids}::text[], ${names}::text[]) as x(e, c)
      where d.event_id = x.e and d.consumer = x.c`);
    const eventIds = [...new Set(done.map((r) => r.e.id))];
    await tx
      .delete(sysEvent)
      .where(
        and(
          inArray(sysEvent.id, eventIds),
          notExists(tx.select().from(sysEventDelivery).where(eq(sysEventDelivery.eventId, sysEvent.id))),
        ),
      );
  }

  /**
   * The fast path: each consumer gets its rows of the batch together, through `handleBatch` when it
   * has one (a few statements for the whole batch instead of a few per event), in claimed order.
   * The order between consumers is not kept (it never was promised: rows due at the same moment
   * are claimed in any order); within one consumer it is.
   */
  async function deliverAll(tx: Tx, rows: Claimed[]): Promise<void> {
    const byConsumer = new Map<string, DomainEvent[]>();
    for (const row of rows) {
      const list = byConsumer.get(row.d.consumer) ?? [];
      list.push(eventOf(row));
      byConsumer.set(row.d.consumer, list);
    }
    for (const [name, events] of byConsumer) {
      const consumer = byName.get(name) as AnyConsumer;
      if (consumer.handleBatch && events.length > 1) await consumer.handleBatch(events, tx, site);
      else for (const event of events) await consumer.handle(event, tx, site);
    }
  }

  /** One batch: answers how many rows it claimed and how many succeeded. */
  async function deliverBatch(careful: boolean): Promise<{ claimed: number; done: number }> {
    return db.transaction(async (tx) => {
      const rows = await claim(tx);
      if (!careful) {
        try {
          await deliverAll(tx, rows);
        } catch (err) {
          throw new FastPathFailure(String(err));
        }
        await finish(tx, rows);
        return { claimed: rows.length, done: rows.length };
      }
      const done: Claimed[] = [];
      for (const row of rows) {
        const consumer = byName.get(row.d.consumer) as AnyConsumer;
        try {
          // A savepoint: a failing consumer's writes are undone, the failure itself is recorded.
          await tx.transaction((sp) => consumer.handle(eventOf(row), sp, site));
          done.push(row);
        } catch (err) {
          await recordFailure(tx, row, err);
        }
      }
      await finish(tx, done);
      return { claimed: rows.length, done: done.length };
    });
  }

  async function deliverSome(): Promise<{ claimed: number; done: number }> {
    try {
      return await deliverBatch(false);
    } catch (err) {
      if (!(err instanceof FastPathFailure)) throw err;
      return deliverBatch(true);
    }
  }

  /** A failed delivery is retried when due, not only at the next sweep. */
  let retryTimer: NodeJS.Timeout | null = null;
  let retryAt = Number.POSITIVE_INFINITY;
  function retryIn(ms: number): void {
    const at = Date.now() + ms;
    if (stopped || !timer || at >= retryAt) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retryAt = Number.POSITIVE_INFINITY;
      dispatcher.kick();
    }, ms);
    retryTimer.unref();
  }

  let lastNotifyAt = 0;
  function wakePeers(): void {
    if (!options.wake || Date.now() - lastNotifyAt < NOTIFY_EVERY_MS) return;
    lastNotifyAt = Date.now();
    options.wake.notify().catch(() => undefined);
  }

  /**
   * Keeps claiming batches until one comes back short (nothing more due for this worker), or the
   * process is stopping: what is left stays due in the outbox for the next start or another
   * instance (a 10,000-learner exam left a backlog that kept a stopping server delivering for
   * over a minute).
   */
  async function worker(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await deliverSome();
      done += batch.done;
      if (batch.claimed < batchSize || stopped) return done;
      wakePeers();
    }
  }

  async function round(): Promise<number> {
    while (!stopped && (await fanOut()) === FAN_OUT_BATCH) {}
    const counts = await Promise.all(Array.from({ length: concurrency }, () => worker()));
    return counts.reduce((a, b) => a + b, 0);
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

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;

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
  /**
   * A kick comes from a request's response hook or a publish's timer: the delivery it starts runs
   * in the context the dispatcher was made in, never in the kicking request's (whose async-local
   * state, such as what a test counts as that call's statements, the deliveries are not part of).
   */
  const launchDetached = AsyncResource.bind(launch);

  const dispatcher: Dispatcher = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      launchDetached().catch((err) => logger.warn({ err: String(err) }, '领域事件投递失败'));
    },
    async drain() {
      while (running) await running.catch(() => undefined);
      return launch();
    },
    start() {
      if (timer || stopped) return;
      let sweeps = 0;
      timer = setInterval(() => {
        dispatcher.kick();
        if (++sweeps % 10 === 0) removeFinishedEvents().catch(() => undefined);
      }, options.sweepEveryMs ?? 30_000);
      timer.unref();
      options.wake
        ?.listen(() => dispatcher.kick())
        .then((stop) => {
          if (stopped) stop().catch(() => undefined);
          else unlisten = stop;
        })
        .catch((err) => logger.warn({ err: String(err) }, '事件唤醒通道不可用，改为定时轮询'));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (retryTimer) clearTimeout(retryTimer);
      if (unlisten) await unlisten().catch(() => undefined);
      unlisten = null;
      while (running) await running.catch(() => undefined);
    },
  };
  return dispatcher;
}
