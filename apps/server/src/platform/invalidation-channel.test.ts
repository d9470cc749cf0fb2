import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedis, type TestRedis } from '../test/redis-server.js';
import { InvalidationChannel } from './invalidation-channel.js';

interface Change {
  ids?: string[];
}

describe('InvalidationChannel without Redis', () => {
  it('publishes nothing and never throws when it was never attached', async () => {
    const heard: unknown[] = [];
    const channel = new InvalidationChannel<Change>(
      'test-detached',
      (m) => heard.push(m),
      () => heard.push('missed'),
    );
    await expect(channel.publish({ ids: ['a'] })).resolves.toBeUndefined();
    await channel.close();
    expect(heard).toEqual([]);
  });
});

describe.skipIf(!hasRedisServer())('InvalidationChannel (Redis pub/sub)', () => {
  let redis: TestRedis;
  const channels: InvalidationChannel<Change>[] = [];
  afterAll(async () => {
    for (const c of channels) await c.close();
    await redis?.stop();
  });

  it("delivers one instance's message to the others, never to itself; an unreadable one as null; a reconnect as missed", async () => {
    redis = await startRedis();
    const heardByOne: unknown[] = [];
    const heardByTwo: unknown[] = [];
    const one = new InvalidationChannel<Change>(
      'test-changes',
      (m) => heardByOne.push(m),
      () => heardByOne.push('missed'),
    );
    const two = new InvalidationChannel<Change>(
      'test-changes',
      (m) => heardByTwo.push(m),
      () => heardByTwo.push('missed'),
    );
    channels.push(one, two);
    await one.attach(await redis.connect());
    await two.attach(await redis.connect());

    await one.publish({ ids: ['q1'] });
    await expect.poll(() => heardByTwo.length).toBe(1);
    expect(heardByTwo[0]).toMatchObject({ ids: ['q1'] });

    const outsider = await redis.connect();
    await outsider.publish('test-changes', 'not json');
    await outsider.publish('another-channel', JSON.stringify({ ids: ['x'] }));
    await expect.poll(() => heardByTwo.length).toBe(2);
    expect(heardByTwo[1]).toBeNull();

    // The server drops the subscribers' connections: each comes back and says what it missed.
    await outsider.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await expect.poll(() => heardByOne.filter((m) => m === 'missed').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => heardByTwo.filter((m) => m === 'missed').length, { timeout: 10_000 }).toBe(1);

    // Subscribed again: the messages flow as before.
    await two.publish({ ids: ['q2'] });
    await expect.poll(() => heardByOne.some((m) => m !== null && typeof m === 'object' && 'ids' in m)).toBe(true);
    // One's own message never came back to it; its only other messages are the unreadable one and the reconnect.
    expect(heardByOne.filter((m) => m !== 'missed')).toEqual([null, expect.objectContaining({ ids: ['q2'] })]);
  });
});
