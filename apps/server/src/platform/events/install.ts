/**
 * Wires event delivery into the app: one dispatcher per app, a delivery round right after each
 * response during which something was published (its transaction has committed by then, so the
 * consumers run after the answer, never inside it), a short timer for publishes outside requests
 * (the deadline sweep), the wake channel between instances on PostgreSQL, and the periodic sweep
 * for crash recovery.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db.js';
import { createDispatcher, type Dispatcher } from './dispatcher.js';
import { type AnyConsumer, onPublish } from './index.js';
import { pgWakeChannel } from './pg-wake.js';

declare module 'fastify' {
  interface FastifyInstance {
    events: Dispatcher;
  }
}

const OUTSIDE_REQUEST_DELAY_MS = 200;

/**
 * PostgreSQL: `workers` batches of up to 500 at once on their own connections (config
 * OUTBOX_WORKERS, 3 by default); the set-based consumers cost a few statements per batch, so a
 * large batch spreads them over many deliveries (the regrade bench: 50 → 500 cut the delivery time
 * by about 3.5×). PGlite is one connection that answer saves share: one small batch at a time, so
 * no save waits long behind it. (The regrade bench uses the same shape.)
 */
export const deliveryShape = (kind: 'pg' | 'pglite', workers = 3) =>
  kind === 'pg' ? { concurrency: workers, batchSize: 500 } : { concurrency: 1, batchSize: 16 };

export function installEventDelivery(app: FastifyInstance, db: Db, consumers: AnyConsumer[]): Dispatcher {
  const databaseUrl = app.deps?.config.databaseUrl ?? null;
  const dispatcher = createDispatcher(db, consumers, {
    logger: app.log,
    timeZone: app.deps?.config.timeZone,
    ...deliveryShape(databaseUrl ? 'pg' : 'pglite', app.deps?.config.outboxWorkers),
    ...(app.deps?.config.outboxBatch ? { batchSize: app.deps.config.outboxBatch } : {}),
    ...(databaseUrl ? { wake: pgWakeChannel(databaseUrl, db) } : {}),
  });
  app.decorate('events', dispatcher);
  let lastPublishAt = 0;
  let soon: NodeJS.Timeout | null = null;
  const unsubscribe = onPublish(() => {
    lastPublishAt = performance.now();
    if (soon) return;
    soon = setTimeout(() => {
      soon = null;
      dispatcher.kick();
    }, OUTSIDE_REQUEST_DELAY_MS);
    soon.unref();
  });
  // A publish between this request's start and its response may be its own: deliver now.
  app.addHook('onResponse', async (_request, reply) => {
    if (lastPublishAt >= performance.now() - reply.elapsedTime) dispatcher.kick();
  });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    if (soon) clearTimeout(soon);
    await dispatcher.stop();
  });
  return dispatcher;
}
