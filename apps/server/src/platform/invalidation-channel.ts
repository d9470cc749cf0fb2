/**
 * One Redis channel on which the instances tell each other that something they keep in memory
 * changed (the token cache, the question pool). A message names the instance that sent it, so an
 * instance never hears its own. A reconnect calls `onMissed`: what was published meanwhile never
 * came, so the keeper forgets everything. Redis being down never throws at the caller: the
 * keeper's TTL bounds what a lost message leaves stale.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { subscribeOnEveryReady } from './redis-subscribe.js';

/** A publish waits this long at most: the change is already done here, the others have the TTL. */
const PUBLISH_WAIT_MS = 500;

export class InvalidationChannel<M extends object> {
  private readonly instance = randomUUID();
  private pub: Redis | null = null;
  private sub: Redis | null = null;

  constructor(
    readonly name: string,
    /** Another instance's message; `null` when it could not be read (treat it as "everything"). */
    private readonly onMessage: (message: M | null) => void,
    private readonly onMissed: () => void,
  ) {}

  /** Tells the other instances; never throws, waits `PUBLISH_WAIT_MS` at most. */
  async publish(message: M): Promise<void> {
    const pub = this.pub;
    if (!pub) return;
    const raw = JSON.stringify({ ...message, from: this.instance });
    await Promise.race([
      pub.publish(this.name, raw),
      new Promise((resolve) => setTimeout(resolve, PUBLISH_WAIT_MS)),
    ]).catch(() => undefined);
  }

  /**
   * Listens from now on, on a second connection (a subscriber does nothing else). Waits for the
   * first subscription 2 s at most, so a Redis down at start never holds the start.
   */
  async attach(redis: Redis): Promise<void> {
    if (this.pub) return;
    const sub = redis.duplicate();
    this.sub = sub;
    this.pub = redis;
    sub.on('error', () => {
      // Lost Redis: the keeper's TTL bounds what the other instances' changes leave stale here.
    });
    sub.on('message', (channel: string, raw: string) => {
      if (channel !== this.name) return;
      let message: (M & { from?: unknown }) | null = null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object') message = parsed as M & { from?: unknown };
      } catch {
        // Not ours to read: handled as a change of everything below.
      }
      if (message?.from === this.instance) return;
      this.onMessage(message);
    });
    await subscribeOnEveryReady(sub, this.name, this.onMissed);
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    this.pub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

/** With Redis, the channel listens while the app runs; `what` names it in the log. */
export function installInvalidationChannel(
  app: FastifyInstance,
  channel: { attach(redis: Redis): Promise<void>; close(): Promise<void> },
  what: string,
): void {
  const redis = app.deps.redis;
  if (!redis) return;
  app.addHook('onReady', async () => {
    await channel.attach(redis).catch((err) => app.log.warn({ err }, `${what}: redis subscribe failed`));
  });
  app.addHook('onClose', async () => channel.close());
}
