/**
 * Redis is never needed to serve: with REDIS_URL set, the route caps count in Redis
 * and the token cache listens on it; when the redis-server dies mid-run, sign-in (a capped route),
 * signed-in calls and sign-out go on, and a sign-out is still refused at once on this instance.
 */
import { ErrorCode, sysUserInfo, sysUserLogin, sysUserLogout } from '@exam/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedis, type TestRedis } from '../test/redis-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { connectRedis } from './boot.js';

describe.skipIf(!hasRedisServer())('a Redis outage', () => {
  let server: TestRedis;
  let t: TestApp;
  let redis: ReturnType<typeof connectRedis>;
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await server?.stop();
  });

  it('lets sign-in, calls and sign-out go on without Redis', async () => {
    server = await startRedis();
    redis = connectRedis(server.url);
    if (redis?.status !== 'ready') await new Promise((r) => redis?.once('ready', r));
    t = await createTestApp({ redis });
    const login = () => t.call<{ token: string }>(sysUserLogin.path, { userName: 'lisi', password: 'student123' });
    expect((await login()).code).toBe(0);
    await server.stop();
    const res = await login();
    expect(res.code, res.msg).toBe(0);
    const token = res.data.token;
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(0);
    expect((await t.call(sysUserLogout.path, {}, token)).code).toBe(0);
    expect((await t.call(sysUserInfo.path, {}, token)).code).toBe(ErrorCode.NOT_LOGIN);
  }, 90_000);
});
