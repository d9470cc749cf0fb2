/**
 * A real S3-protocol server for tests and the local cluster: s3rver (npm), listening on loopback
 * and keeping objects in a temporary folder. The S3 backend is tested against it over a socket,
 * never against a stub of the client. Its credentials are s3rver's fixed S3RVER/S3RVER.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3BlobStore } from './s3-blob-store.js';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A store on the bucket; `prefix` keeps one test's keys apart from another's. */
  store(prefix?: string): S3BlobStore;
  close(): Promise<void>;
}

export async function startS3Server(options: { port?: number; bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'exam';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stores: S3BlobStore[] = [];
  const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...creds,
    store(prefix = '') {
      const store = new S3BlobStore({ endpoint, bucket, ...creds, forcePathStyle: true, prefix });
      stores.push(store);
      return store;
    },
    async close() {
      for (const s of stores) s.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
