/**
 * The hub: delivery by topic, replay after an id, what answers reset, and fan-out between two
 * instances (two hubs, two Redis connections) through a real redis-server the test starts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedis, type TestRedis } from '../../test/redis-server.js';
import { connectRedis } from '../boot.js';
import { type RealtimeEvent, RealtimeHub } from './hub.js';

const texts = (events: RealtimeEvent[] | null) => events?.map((e) => e.data);

describe('RealtimeHub in one process', () => {
  it('delivers an event to the subscribers of its topic only, until they stop', () => {
    const hub = new RealtimeHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = hub.subscribe(['exam:1:invigilate', 'user:u1'], (e) => a.push(e.data));
    hub.subscribe(['exam:2:invigilate'], (e) => b.push(e.data));
    hub.publish('exam:1:invigilate', { type: 'note', data: '交卷' });
    hub.publish('user:u1', { type: 'msg', data: '消息' });
    expect(a).toEqual(['交卷', '消息']);
    expect(b).toEqual([]);
    stopA();
    hub.publish('exam:1:invigilate', { type: 'note', data: '再次' });
    expect(a).toEqual(['交卷', '消息']);
    expect(hub.listenerCount('exam:1:invigilate')).toBe(0);
  });

  it('refuses the stream’s own event names and malformed ones', () => {
    const hub = new RealtimeHub();
    expect(() => hub.publish('user:u1', { type: 'reset', data: null })).toThrow();
    expect(() => hub.publish('user:u1', { type: 'a\nb', data: null })).toThrow();
  });

  it('replays the events of the topics after the last id, in the order they came', () => {
    const hub = new RealtimeHub();
    const first = hub.publish('live:r1', { type: 'chat', data: 1 });
    hub.publish('live:r2', { type: 'chat', data: 2 });
    hub.publish('live:r1', { type: 'chat', data: 3 });
    hub.publish('user:u1', { type: 'msg', data: 4 });
    expect(texts(hub.replay(['live:r1', 'user:u1'], first.id))).toEqual([3, 4]);
    expect(texts(hub.replay(['live:r1'], hub.cursor(['live:r1'])))).toEqual([]);
  });

  it('from a cursor taken before anything happened, replays what came since', () => {
    let now = 1_000_000_000_000;
    const hub = new RealtimeHub({}, () => now);
    const cursor = hub.cursor(['live:r1']);
    now += 5000;
    hub.publish('live:r1', { type: 'chat', data: 'a' });
    expect(texts(hub.replay(['live:r1'], cursor))).toEqual(['a']);
  });

  it('answers reset (null) past the ring, past the window, for garbage, and after forget', () => {
    let now = 1_000_000_000_000;
    const hub = new RealtimeHub({ ringSize: 3, replayWindowMs: 60_000 }, () => now);
    const early = hub.publish('live:r1', { type: 'chat', data: 0 });
    for (let i = 1; i <= 4; i++) {
      now += 10;
      hub.publish('live:r1', { type: 'chat', data: i });
    }
    // `early` and event 1 were dropped: what came after `early` is no longer complete.
    expect(hub.replay(['live:r1'], early.id)).toBeNull();
    const kept = hub.replay(['live:r1'], hub.cursor(['live:r1']));
    expect(kept).toEqual([]);
    expect(hub.replay(['live:r1'], 'not-an-id')).toBeNull();

    const recent = hub.publish('live:r2', { type: 'chat', data: 'x' });
    now += 61_000;
    expect(hub.replay(['live:r2'], recent.id)).toBeNull();

    now += 10;
    const fresh = hub.publish('live:r3', { type: 'chat', data: 'y' });
    hub.forget();
    expect(hub.replay(['live:r3'], fresh.id)).toBeNull();
  });

  it('keeps a bounded number of topics, and a replay reaching an evicted one resets', () => {
    let now = 1_000_000_000_000;
    const hub = new RealtimeHub({ maxTopics: 2 }, () => now);
    const a = hub.publish('live:a', { type: 'chat', data: 1 });
    const cursor = hub.cursor(['live:a']);
    now += 1;
    hub.publish('live:b', { type: 'chat', data: 2 });
    now += 1;
    hub.publish('live:c', { type: 'chat', data: 3 });
    expect(hub.replay(['live:a'], a.id)).toBeNull();
    expect(hub.replay(['live:a'], cursor)).toBeNull();
    expect(texts(hub.replay(['live:b', 'live:c'], hub.cursor(['live:b'])))).toEqual([3]);
  });
});

describe.skipIf(!hasRedisServer())('RealtimeHub across instances (Redis pub/sub)', () => {
  let redis: TestRedis;
  const hubs: RealtimeHub[] = [];
  afterAll(async () => {
    for (const h of hubs) await h.close();
    await redis?.stop();
  });

  it('an event published on one instance reaches the subscribers of another, and both can replay it', async () => {
    redis = await startRedis();
    const one = new RealtimeHub();
    const two = new RealtimeHub();
    hubs.push(one, two);
    await one.attachRedis(await redis.connect());
    await two.attachRedis(await redis.connect());
    const seenOnTwo: RealtimeEvent[] = [];
    const seenOnOne: RealtimeEvent[] = [];
    const arrived = new Promise<void>((resolve) =>
      two.subscribe(['exam:x:invigilate'], (e) => {
        seenOnTwo.push(e);
        if (seenOnTwo.length === 2) resolve();
      }),
    );
    one.subscribe(['exam:x:invigilate'], (e) => seenOnOne.push(e));
    const first = one.publish('exam:x:invigilate', { type: 'note', data: '强制收卷：违纪', about: ['u1'] });
    one.publish('exam:x:invigilate', { type: 'note', data: '交卷' });
    await arrived;
    expect(seenOnTwo.map((e) => [e.id, e.data, e.about])).toEqual([
      [first.id, '强制收卷：违纪', ['u1']],
      [expect.any(String), '交卷', undefined],
    ]);
    // The publisher's own subscribers get it through Redis too, with the same ids.
    await expect.poll(() => seenOnOne.map((e) => e.id)).toEqual(seenOnTwo.map((e) => e.id));
    // A client reconnecting to the other instance is replayed what it missed.
    expect(texts(two.replay(['exam:x:invigilate'], first.id))).toEqual(['交卷']);
  });

  // The product's connection (boot.ts connectRedis) queues nothing offline, and is not ready yet
  // when the hub attaches at start: a SUBSCRIBE sent then failed, and the hub never heard the others.
  it("subscribes through the product's own connection, attached before it is ready", async () => {
    redis ??= await startRedis();
    const early = connectRedis(redis.url);
    if (!early) throw new Error('no connection');
    expect(early.status).not.toBe('ready');
    const listener = new RealtimeHub();
    const sender = new RealtimeHub();
    hubs.push(listener, sender);
    await listener.attachRedis(early);
    await sender.attachRedis(await redis.connect());
    const heard = new Promise<RealtimeEvent>((resolve) => listener.subscribe(['live:r:chat'], resolve));
    sender.publish('live:r:chat', { type: 'chat', data: '大家好' });
    expect((await heard).data).toBe('大家好');
    early.disconnect();
  });
});
