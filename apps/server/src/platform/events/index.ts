/**
 * Domain events through a transactional outbox.
 * - `publish(tx, event)` writes the event and one delivery row per subscribed consumer in the
 *   caller's transaction, in one statement: they exist if and only if the change that raised it
 *   committed, and the consumers are those of the publishing code (subscribers.ts).
 * - `defineConsumer({...})` declares a subscriber; modules export theirs from `*.module.ts` and the
 *   app registers them at start (modules/index.ts `eventConsumers`).
 * - The dispatcher (dispatcher.ts) delivers after commit, in-process, each (event, consumer) once
 *   per success, retrying failures with backoff.
 */

import { sql } from 'drizzle-orm';
import { sysEvent } from '../../db/schema/platform.js';
import type { Executor } from '../db.js';
import { newId } from '../ids.js';
import { subscribersOf } from './subscribers.js';
import type { DomainEvent, DomainEventInput, DomainEventName } from './types.js';

export type { DomainEvent, DomainEventInput, DomainEventMap, DomainEventName } from './types.js';

/** What the dispatcher tells every consumer about the site. */
export interface ConsumerSite {
  timeZone: string;
}

/** A consumer of any events, as registered in a list. */
export type AnyConsumer = Consumer<any>;

export interface Consumer<N extends DomainEventName = DomainEventName> {
  /** Unique, stable name ('<module>.<what>'): delivery rows are keyed by it. */
  name: string;
  events: readonly N[];
  /**
   * Runs inside the delivery's transaction: `db` is that transaction, so the consumer's writes and
   * the delivery's completion commit together. Use only `db` and await only its queries (DESIGN 5).
   * Must be idempotent: after a crash before commit it runs again. `site.timeZone` is the site's
   * zone (config `timeZone`) for a consumer that cuts days or prints dates.
   */
  handle: (event: DomainEvent<N>, db: Executor, site: ConsumerSite) => Promise<void>;
  /**
   * Optional: the work of `handle` for several events at once (oldest due first) in a few
   * set-based statements; the dispatcher hands a consumer all its events of a claimed batch. It
   * must leave what `handle` called on each event in turn would leave. When it throws, the batch is
   * rolled back and delivered one event at a time through `handle`, so a bad event is retried and
   * parked alone.
   */
  handleBatch?: (events: DomainEvent<N>[], db: Executor, site: ConsumerSite) => Promise<void>;
}

/** Declares a consumer; typed so that `handle` sees the payloads of the events it subscribes to. */
export function defineConsumer<N extends DomainEventName>(consumer: Consumer<N>): Consumer<N> {
  return consumer;
}

const publishListeners = new Set<() => void>();

/** Lets dispatchers hear that something was published (they deliver once the change committed). */
export function onPublish(listener: () => void): () => void {
  publishListeners.add(listener);
  return () => publishListeners.delete(listener);
}

/** Asks this process's dispatchers to deliver soon (after a publish, or a retry ordered by hand). */
export function kickDispatchers(): void {
  for (const listener of publishListeners) listener();
}

/**
 * Writes the event into the outbox in the caller's transaction: with its delivery rows in one
 * statement (hand-in publishes on the exam-day path: no extra round trip), nothing at all when no
 * consumer subscribes, or the bare event for a dispatcher to fan out when no list is registered.
 * No NOTIFY here: PostgreSQL serialises the commits of notifying transactions on one lock, which
 * the hand-in rush must not queue on; the dispatcher wakes its peers instead (dispatcher.ts).
 */
export async function publish<N extends DomainEventName>(tx: Executor, event: DomainEventInput<N>): Promise<void> {
  await publishAll(tx, [event as DomainEventInput<DomainEventName>]);
}

/**
 * Writes several events into the outbox in one statement (events and their delivery rows), in the
 * caller's transaction: a hand-in publishes up to three (handed in, marked, passed), one round
 * trip each while the paper's row was locked. Events without a registered subscriber list are
 * written bare, one by one, for a dispatcher to fan out. Every publish is heard, an unsubscribed
 * one too (it costs one empty round; notices are rare).
 */
export async function publishAll(tx: Executor, events: DomainEventInput<DomainEventName>[]): Promise<void> {
  const listed = events.map((event) => ({ event, consumers: subscribersOf(event.name), id: newId() }));
  const bare = listed.filter((e) => e.consumers === null);
  for (const { event } of bare) await tx.insert(sysEvent).values({ name: event.name, payload: event.payload });
  const fanned = listed.filter((e) => e.consumers !== null && e.consumers.length > 0);
  if (fanned.length > 0) {
    const eventRows = sql.join(
      fanned.map((e) => sql`(${e.id}, ${e.event.name}, ${JSON.stringify(e.event.payload)}::jsonb, true)`),
      sql`, `,
    );
    const deliveryRows = sql.join(
      fanned.flatMap((e) => (e.consumers as string[]).map((c) => sql`(${e.id}, ${c})`)),
      sql`, `,
    );
    await tx.execute(sql`with e as (
        insert into sys_event (id, name, payload, fanned_out) values ${eventRows}
        returning id)
      insert into sys_event_delivery (event_id, consumer)
      select e.id, c.consumer from e join (values ${deliveryRows}) as c(event_id, consumer) on c.event_id = e.id`);
  }
  kickDispatchers();
}
