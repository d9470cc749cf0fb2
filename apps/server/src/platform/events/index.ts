/**
 * Domain events through a transactional outbox.
 * - `publish(tx, event)` writes the event in the caller's transaction: it exists if and only if
 *   the change that raised it committed.
 * - `defineConsumer({...})` declares a subscriber; modules export theirs from `*.module.ts` and the
 *   app registers them at start (modules/index.ts `eventConsumers`).
 * - The dispatcher (dispatcher.ts) delivers after commit, in-process, each (event, consumer) once
 *   per success, retrying failures with backoff.
 */

import { sysEvent } from '../../db/schema/events.js';
import type { Executor } from '../db.js';
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

/** Writes the event into the outbox in the caller's transaction. */
export async function publish<N extends DomainEventName>(tx: Executor, event: DomainEventInput<N>): Promise<void> {
  await tx.insert(sysEvent).values({ name: event.name, payload: event.payload });
  for (const listener of publishListeners) listener();
}
