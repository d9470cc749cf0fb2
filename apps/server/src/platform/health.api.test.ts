/**
 * GET /api/health: database, Redis and storage reported apart; 503 when the instance
 * cannot serve (storage or database down), 200 with `redis.ok: false` when only Redis is down.
 * Real parts: the test database, a redis-server and an S3-protocol server (s3rver) stopped mid-test.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis } from '../test/redis-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { connectRedis } from './boot.js';
import type { HealthReport } from './health.js';
import { startS3Server } from './storage/s3-test-server.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

const health = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() as { code: number; data: HealthReport }, headers: res.headers };
};

describe('GET /api/health', () => {
  it('answers 200 with each part on the local folder and no Redis, without a token', async () => {
    const t = await createTestApp();
    apps.push(t);
    const { status, body, headers } = await health(t);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      ok: true,
      database: { ok: true },
      redis: null,
      storage: { ok: true, kind: 'local' },
    });
    expect(body.data.database.ms).toBeGreaterThanOrEqual(0);
  }, 90_000);

  it('answers 503 naming the storage when the bucket stops answering', async () => {
    const s3 = await startS3Server();
    const storage = {
      kind: 's3' as const,
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: '',
    };
    const t = await createTestApp({ blobs: () => s3.store(), config: { storage } });
    apps.push(t);
    expect((await health(t)).body.data).toMatchObject({ ok: true, storage: { ok: true, kind: 's3' } });
    await s3.close();
    const down = await health(t);
    expect(down.status).toBe(503);
    expect(down.body.code).not.toBe(0);
    expect(down.body.data).toMatchObject({ ok: false, database: { ok: true }, storage: { ok: false, kind: 's3' } });
  }, 90_000);

  it.skipIf(!fs.existsSync(REDIS_SERVER))(
    'reports Redis apart, and stays 200 when only Redis is down',
    async () => {
      const server = await startRedis();
      const redis = connectRedis(server.url);
      try {
        if (redis?.status !== 'ready') await new Promise((r) => redis?.once('ready', r));
        const t = await createTestApp({ redis });
        apps.push(t);
        expect((await health(t)).body.data).toMatchObject({ ok: true, redis: { ok: true } });
        await server.stop();
        const res = await health(t);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ ok: true, database: { ok: true }, redis: { ok: false } });
      } finally {
        redis?.disconnect();
        await server.stop();
      }
    },
    90_000,
  );
});
