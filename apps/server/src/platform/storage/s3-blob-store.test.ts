/**
 * The S3 backend against a real S3-protocol server (s3rver, started here on loopback): the same
 * contract as the local folder, plus what only object storage does (signed URLs, prefixes, rows
 * recorded as absolute paths before the port).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBlob, storedKey } from './blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { type S3TestServer, startS3Server } from './s3-test-server.js';

let s3: S3TestServer;
let store: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Server();
  store = s3.store();
});
afterAll(async () => s3?.close());

blobStoreContract('S3-compatible bucket (s3rver)', () => store);

describe('S3BlobStore', () => {
  it('has no local path: the server streams from get, or the browser follows a signed URL', async () => {
    await store.put('media/v.mp4', Buffer.from('0123456789'), { contentType: 'video/mp4' });
    expect(await store.localPath('media/v.mp4')).toBeNull();
    const url = await store.signedUrl('media/v.mp4', 60, {
      contentType: 'video/mp4',
      contentDisposition: 'inline; filename="v.mp4"',
    });
    expect(url).toMatch(/X-Amz-Signature=/);
    expect(url).toMatch(/X-Amz-Expires=60/);
    const whole = await fetch(url as string);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe('inline; filename="v.mp4"');
    expect(await whole.text()).toBe('0123456789');
    // A video player's Range goes straight to the store.
    const part = await fetch(url as string, { headers: { range: 'bytes=3-5' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('345');
  });

  // s3rver checks neither V4 signatures nor anonymous reads (MinIO and AWS do): the bucket's
  // privacy and forged signatures are the store's job, not tested here.
  it('refuses a signed URL once it has expired', async () => {
    await store.put('media/short', Buffer.from('s'));
    const url = (await store.signedUrl('media/short', 1)) as string;
    expect((await fetch(url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('keeps keys under its prefix, apart from another store on the same bucket', async () => {
    const a = s3.store('site-a/');
    const b = s3.store('site-b/');
    await a.put('x/y', Buffer.from('A'));
    expect(await b.stat('x/y')).toBeNull();
    expect((await readBlob(store, 'site-a/x/y'))?.toString()).toBe('A');
  });

  it('answers the key of a path recorded before the port through the local layout', async () => {
    const local = new LocalBlobStore('/srv/exam-data');
    const s = new S3BlobStore({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      keyOfLegacyPath: (location) => local.keyOfLegacyPath(location),
    });
    try {
      expect(await storedKey(s, path.join('/srv/exam-data', 'certs', 'c1.pdf'))).toBe('certs/c1.pdf');
      expect(await storedKey(s, '/etc/passwd')).toBeNull();
    } finally {
      s.close();
    }
  });

  it('health check: answers for its bucket, throws for a missing one or an unknown access key', async () => {
    await store.check();
    const missing = new S3BlobStore({ ...s3, endpoint: s3.endpoint, bucket: 'no-such-bucket' });
    const badKey = new S3BlobStore({ ...s3, endpoint: s3.endpoint, accessKeyId: 'NOBODY' });
    try {
      await expect(missing.check()).rejects.toThrow();
      await expect(badKey.check()).rejects.toThrow();
    } finally {
      missing.close();
      badKey.close();
    }
  });
});
