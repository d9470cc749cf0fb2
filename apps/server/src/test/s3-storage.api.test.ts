/**
 * The product on S3-compatible storage (issue 25): uploads go into the bucket (nothing in
 * DATA_DIR), course video is served from it through the course-content path with Range, and the
 * configuration picks the backend. Against a real S3-protocol server (s3rver) on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile } from '../db/schema/index.js';
import { makeCourse, testVideo, upload } from '../modules/course/course-test-kit.js';
import { blobStoreFor } from '../platform/boot.js';
import { loadConfig } from '../platform/config.js';
import { S3BlobStore } from '../platform/storage/s3-blob-store.js';
import { type S3TestServer, startS3Server } from '../platform/storage/s3-test-server.js';
import { createTestApp, type TestApp } from './test-app.js';

let s3: S3TestServer;
let t: TestApp;
let admin: string;
let student: string;
const prefix = `api-${process.pid}-${Date.now()}/`;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ blobs: () => s3.store(prefix) });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('files on S3-compatible storage', () => {
  it('keeps an upload in the bucket, not in DATA_DIR, and serves it', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
    const res = await upload(t, 'a.png', png, student);
    expect(res.code).toBe(0);
    const [row] = await t.db.select().from(sysFile).where(eq(sysFile.id, res.data.id));
    expect((await s3.store(prefix).stat(row.storagePath))?.size).toBe(png.length);
    expect(fs.existsSync(path.join(t.app.deps.config.dataDir, ...row.storagePath.split('/')))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('serves course video from the bucket through the course-content path, with Range', async () => {
    const ids = await makeCourse(t, admin, { openType: 1 });
    const video = testVideo();
    const url = `/api/course/file/content/${ids.videoId}`;
    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `token=${student}`, range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 1100))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url, headers: { token: student } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url,
      headers: { token: student, range: `bytes=${video.length}-` },
    });
    expect(bad.statusCode).toBe(416);
    // The audience check still comes first: no token, no bytes.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  }, 60_000);

  it('STORAGE=s3 picks the bucket; a missing setting stops the start with its name', () => {
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY: s3.accessKeyId,
      S3_SECRET_KEY: s3.secretAccessKey,
    };
    const config = loadConfig(env);
    expect(config.storage).toMatchObject({ kind: 's3', forcePathStyle: true, region: 'us-east-1' });
    const store = blobStoreFor(t.db, config);
    expect(store).toBeInstanceOf(S3BlobStore);
    (store as S3BlobStore).close();
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(() => loadConfig({ ...env, S3_BUCKET: '' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ STORAGE: 'nfs' })).toThrow('STORAGE 只能是 local 或 s3');
  });
});
