/**
 * The token and permission cache: its bounds (TTL, the token's own end, size), what each change
 * drops, fills that raced a change, and invalidation between two instances through a real
 * redis-server the test starts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedis, type TestRedis } from '../test/redis-server.js';
import { AuthCache } from './auth-cache.js';

const clock = () => {
  const c = { now: 1_000_000, fn: () => c.now };
  return c;
};

describe('AuthCache in one process', () => {
  it('keeps a token for the TTL at most, and never past the token’s own end', () => {
    const c = clock();
    const cache = new AuthCache<string>({ ttlMs: 5000 }, c.fn);
    cache.setToken('h1', 'u1', 'one', c.now + 60_000, cache.mark());
    cache.setToken('h2', 'u2', 'two', c.now + 1000, cache.mark());
    expect(cache.getToken('h1')).toBe('one');
    expect(cache.getToken('h2')).toBe('two');
    c.now += 1000;
    expect(cache.getToken('h2')).toBeUndefined(); // the token ended
    expect(cache.getToken('h1')).toBe('one');
    c.now += 4000;
    expect(cache.getToken('h1')).toBeUndefined(); // the TTL
    cache.setToken('h3', 'u3', 'gone', c.now - 1, cache.mark());
    expect(cache.getToken('h3')).toBeUndefined(); // an ended token is not kept at all
  });

  it('keeps a bounded number of entries, the oldest filled leaving first', () => {
    const cache = new AuthCache<number>({ maxEntries: 3 });
    for (let i = 0; i < 5; i++) {
      cache.setToken(`h${i}`, `u${i}`, i, Date.now() + 60_000, cache.mark());
      cache.setPermissions(`u${i}`, [`p${i}`], cache.mark());
    }
    expect(cache.size).toEqual({ tokens: 3, permissions: 3 });
    expect(cache.getToken('h1')).toBeUndefined();
    expect(cache.getToken('h4')).toBe(4);
    expect(cache.getPermissions('u0')).toBeUndefined();
    expect(cache.getPermissions('u2')).toEqual(['p2']);
  });

  it('drops a signed-out token, every token and the permissions of a changed user, or everything', () => {
    const cache = new AuthCache<string>();
    const end = Date.now() + 60_000;
    cache.setToken('a1', 'ua', 'a', end, cache.mark());
    cache.setToken('a2', 'ua', 'a', end, cache.mark());
    cache.setToken('b1', 'ub', 'b', end, cache.mark());
    cache.setPermissions('ua', ['x'], cache.mark());
    cache.setPermissions('ub', ['y'], cache.mark());
    cache.apply({ tokens: ['b1'] });
    expect(cache.getToken('b1')).toBeUndefined();
    expect(cache.getPermissions('ub')).toEqual(['y']);
    cache.apply({ users: ['ua'] });
    expect([cache.getToken('a1'), cache.getToken('a2'), cache.getPermissions('ua')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(cache.getPermissions('ub')).toEqual(['y']);
    cache.apply({ all: true });
    expect(cache.size).toEqual({ tokens: 0, permissions: 0 });
  });

  it('does not keep what was read before a change that came meanwhile', () => {
    const cache = new AuthCache<string>();
    const mark = cache.mark(); // the lookup starts
    cache.apply({ users: ['u1'] }); // the user is disabled while it runs
    cache.setToken('h1', 'u1', 'stale', Date.now() + 60_000, mark);
    cache.setPermissions('u1', ['stale'], mark);
    expect(cache.getToken('h1')).toBeUndefined();
    expect(cache.getPermissions('u1')).toBeUndefined();
  });
});

describe.skipIf(!hasRedisServer())('AuthCache across instances (Redis pub/sub)', () => {
  let redis: TestRedis;
  const caches: AuthCache[] = [];
  afterAll(async () => {
    for (const c of caches) await c.channel.close();
    await redis?.stop();
  });

  it('a change on one instance drops the entries of the other', async () => {
    redis = await startRedis();
    const one = new AuthCache<string>();
    const two = new AuthCache<string>();
    caches.push(one, two);
    await one.channel.attach(await redis.connect());
    await two.channel.attach(await redis.connect());
    const end = Date.now() + 60_000;
    for (const c of [one, two]) {
      c.setToken('t1', 'u1', 'x', end, c.mark());
      c.setToken('t2', 'u2', 'y', end, c.mark());
      c.setPermissions('u3', ['p'], c.mark());
    }
    await one.changed({ tokens: ['t1'] });
    expect(one.getToken('t1')).toBeUndefined(); // at once where it happened
    await expect.poll(() => two.getToken('t1')).toBeUndefined();
    expect(two.getToken('t2')).toBe('y');
    await two.changed({ users: ['u2'] });
    await expect.poll(() => one.getToken('t2')).toBeUndefined();
    await one.changed({ all: true });
    await expect.poll(() => two.getPermissions('u3')).toBeUndefined();
  });
});
