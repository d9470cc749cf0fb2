/**
 * Subscribes a second Redis connection to one channel and keeps it subscribed. The product's
 * connection queues nothing while disconnected (boot.ts: `enableOfflineQueue: false`), and its
 * duplicate inherits that, so a SUBSCRIBE sent before the connection is ready simply fails: the
 * channel is subscribed on every `ready` instead. `onReconnect` runs on each ready after the
 * first (what was published meanwhile never came). Resolves once subscribed, or after `waitMs`
 * at most, so a Redis that is down at start never holds the start.
 */
import type { Redis } from 'ioredis';

export function subscribeOnEveryReady(
  sub: Redis,
  channel: string,
  onReconnect: () => void,
  waitMs = 2000,
): Promise<void> {
  let readyBefore = false;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const subscribe = () =>
      sub.subscribe(channel).then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        () => undefined, // retried on the next ready
      );
    sub.on('ready', () => {
      if (readyBefore) onReconnect();
      readyBefore = true;
      void subscribe();
    });
    if (sub.status === 'ready') {
      readyBefore = true;
      void subscribe();
    }
    // A lazy connection (lazyConnect) duplicates into a lazy one: connect it.
    if (sub.status === 'wait') sub.connect().catch(() => undefined);
  });
}
