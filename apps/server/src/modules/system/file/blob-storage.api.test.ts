/**
 * Uploads through the storage port: rows record keys, not paths; the local folder
 * keeps the layout of before (DATA_DIR/files/<yyyy>/<mm>/<id>, or the configured storage folder);
 * rows written before the port (absolute paths) are still served; a backend without local files
 * serves the same bytes, ranges included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commonFileUpload } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysFile } from '../../../db/schema/index.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** A backend with no file on this machine: what an object store looks like to the server. */
const remoteLike = (local: BlobStore): BlobStore =>
  Object.assign(Object.create(local) as BlobStore, {
    localPath: async () => null,
    keyOfLegacyPath: undefined,
  });

async function upload(t: TestApp, name: string, content: Buffer, token: string) {
  const boundary = '----exam-blob-boundary';
  const res = await t.app.inject({
    method: 'POST',
    url: commonFileUpload.path,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  return res.json();
}

const rowOf = async (t: TestApp, id: string) => (await t.db.select().from(sysFile).where(eq(sysFile.id, id)))[0];

describe('the local folder', () => {
  let t: TestApp;
  let student: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    student = await t.login('student', 'student123');
    other = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-storage-dir-'));
  });
  afterAll(async () => {
    await t.db.update(sysConfig).set({ storageDir: null });
    await t.close();
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('records a key and keeps the bytes where they were kept before', async () => {
    const res = await upload(t, 'a.png', PNG, student);
    expect(res.code).toBe(0);
    const row = await rowOf(t, res.data.id);
    expect(row.storagePath).toMatch(/^files\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}$/);
    const onDisk = path.join(t.app.deps.config.dataDir, ...row.storagePath.split('/'));
    expect(fs.readFileSync(onDisk).equals(PNG)).toBe(true);
    // No half-written file is left beside it.
    expect(fs.readdirSync(path.dirname(onDisk)).filter((f) => f.includes('.part-'))).toEqual([]);
  });

  it('puts uploads in the storage folder of the site config, at once, and serves them', async () => {
    await t.db.update(sysConfig).set({ storageDir: other });
    try {
      const res = await upload(t, 'b.png', PNG, student);
      expect(res.code).toBe(0);
      const row = await rowOf(t, res.data.id);
      expect(row.storagePath).toMatch(/^files\//);
      const onDisk = path.join(other, ...row.storagePath.split('/').slice(1));
      expect(fs.readFileSync(onDisk).equals(PNG)).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: res.data.url, headers: { token: student } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await t.db.update(sysConfig).set({ storageDir: null });
    }
  });

  it('still serves a row written before the port (an absolute path in the data folder)', async () => {
    const dir = path.join(t.app.deps.config.dataDir, 'files', '2020', '01');
    fs.mkdirSync(dir, { recursive: true });
    const id = `legacy${Date.now()}abcdefghij`;
    fs.writeFileSync(path.join(dir, id), PNG);
    await t.db
      .insert(sysFile)
      .values({ id, originalName: 'old.png', mime: 'image/png', size: PNG.length, storagePath: path.join(dir, id) });
    const served = await t.app.inject({ method: 'GET', url: `/api/common/file/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // A recorded path outside the store's folders is not read, whatever it names.
    const outside = `outside${Date.now()}abcdefghij`;
    await t.db
      .insert(sysFile)
      .values({ id: outside, originalName: 'x.png', mime: 'image/png', size: 1, storagePath: '/etc/hostname' });
    expect((await t.app.inject({ method: 'GET', url: `/api/common/file/${outside}` })).statusCode).toBe(404);
  });
});

describe('a backend without local files', () => {
  let t: TestApp;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp({ blobs: remoteLike });
    student = await t.login('student', 'student123');
  });
  afterAll(async () => t.close());

  it('stores through put and serves through get: whole, one range, and 416', async () => {
    const res = await upload(t, 'r.png', PNG, student);
    expect(res.code).toBe(0);
    const whole = await t.app.inject({ method: 'GET', url: res.data.url, headers: { token: student } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['content-length']).toBe(String(PNG.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: res.data.url,
      headers: { token: student, range: 'bytes=2-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(2, 10))).toBe(true);
    const tail = await t.app.inject({
      method: 'GET',
      url: res.data.url,
      headers: { token: student, range: 'bytes=-4' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PNG.subarray(-4))).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: res.data.url,
      headers: { token: student, range: 'bytes=999-' },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${PNG.length}`);
  });

  it('answers 404 when the bytes are gone', async () => {
    const res = await upload(t, 'gone.png', PNG, student);
    await t.app.deps.blobs.delete((await rowOf(t, res.data.id)).storagePath);
    expect((await t.app.inject({ method: 'GET', url: res.data.url, headers: { token: student } })).statusCode).toBe(
      404,
    );
  });
});
