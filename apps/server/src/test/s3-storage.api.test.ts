/**
 * The product on S3-compatible storage: uploads go into the bucket (nothing in
 * DATA_DIR), a download is a 302 to a presigned GET (or streamed through the server when that is
 * off), course video is served from it through the course-content path with Range (the learning
 * record counts the bytes fetched, so it stays on the server), and the configuration picks the backend. Against a real S3-protocol server (s3rver) on loopback.
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
    // Streamed through the server when signed downloads are off (DOWNLOAD_URL_SECONDS=0).
    const seconds = t.app.deps.config.downloadUrlSeconds;
    t.app.deps.config.downloadUrlSeconds = 0;
    try {
      // A learner's upload is private: its owner reads it.
      const served = await t.app.inject({ method: 'GET', url: res.data.url, headers: { token: student } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    } finally {
      t.app.deps.config.downloadUrlSeconds = seconds;
    }
  });

  it('answers a download with a 302 to a short-lived presigned GET, after the permission check', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(80, 7)]);
    const res = await upload(t, '证件照.png', png, student, { audience: 'private' });
    expect(res.code, res.msg).toBe(0);
    // No token, no redirect: the private file is refused before anything is signed.
    const anonymous = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers.location).toBeUndefined();

    const served = await t.app.inject({ method: 'GET', url: res.data.url, headers: { token: student } });
    expect(served.statusCode).toBe(302);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(served.headers.location));
    expect(location.origin).toBe(new URL(s3.endpoint).origin);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.pathname).toContain(`/${s3.bucket}/${prefix}`);
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
    expect(direct.headers.get('content-disposition')).toContain(encodeURIComponent('证件照.png'));
    expect(Buffer.from(await direct.arrayBuffer()).equals(png)).toBe(true);
    // s3rver checks no signature (MinIO and AWS do): the URL must at least carry one.
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
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
