/**
 * A first start on S3-compatible storage, as a newcomer or the local cluster runs it: the real
 * start-up (`src/main.ts`) on an empty database with the demo data, STORAGE=s3 against a real
 * S3-protocol server. The demo course's video and PDF must be readable through the product: the
 * seed writes them where downloads look (the bucket), not into DATA_DIR. On PGlite one process; on
 * PostgreSQL the cluster's shape (WORKERS=2 with Redis), where the primary seeds and a worker serves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sysUserLogin } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../platform/paths.js';
import { type S3TestServer, startS3Server } from '../platform/storage/s3-test-server.js';
import { freePort, hasRedisServer, startRedis, type TestRedis } from './redis-server.js';
import { createPgDatabase, isPgRun } from './test-app.js';

const cluster = isPgRun();
let s3: S3TestServer;
let redis: TestRedis | null = null;
let pg: { url: string; drop: () => Promise<void> } | null = null;
let server: ChildProcess;
let url: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-s3-first-start-'));

async function post<T>(p: string, body: unknown, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(url + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; msg: string; data: T }>;
}

beforeAll(async () => {
  s3 = await startS3Server();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY: s3.accessKeyId,
    S3_SECRET_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
  if (cluster) {
    redis = await startRedis();
    pg = await createPgDatabase(undefined, false);
    Object.assign(env, { DATABASE_URL: pg.url, REDIS_URL: redis.url, WORKERS: '2' });
  }
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const k of ['DEMO_DATA', 'NODE_ENV', 'EXAM_TEST_CLOCK']) delete childEnv[k];
  server = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src', 'main.ts')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('演示账号')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it started:\n${out}`)));
  });
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await redis?.stop();
  await pg?.drop();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(cluster && !hasRedisServer())(`a first start with STORAGE=s3${cluster ? ' (WORKERS=2)' : ''}`, () => {
  it('serves the demo course files from the bucket, and writes none into DATA_DIR', async () => {
    const login = await post<{ token: string }>(sysUserLogin.path, { userName: 'student', password: 'student123' });
    expect(login.code, login.msg).toBe(0);
    const token = login.data.token;
    const courses = await post<{ records: { id: string; title: string }[] }>(
      '/api/course/learn/my-paging',
      { current: 1, size: 20, params: {} },
      token,
    );
    const course = courses.data.records.find((c) => c.title === '安全生产入门');
    expect(course, JSON.stringify(courses)).toBeTruthy();
    const detail = await post<{ files: { fileId: string }[] }>('/api/course/learn/detail', { id: course?.id }, token);
    expect(detail.data.files).toHaveLength(2);
    for (const f of detail.data.files) {
      const res = await fetch(`${url}/api/course/file/content/${f.fileId}`, { headers: { token } });
      expect(res.status, f.fileId).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // Nothing of the demo was written beside the embedded database.
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });
});
