/**
 * `npm run storage:migrate` against a real S3-protocol server (s3rver): the local layout lands in
 * the bucket key for key, a second run copies nothing, and the command line does the same.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../paths.js';
import { readBlob } from './blob-store.js';
import { migrateLocalToStore } from './migrate-local.js';
import { type S3TestServer, startS3Server } from './s3-test-server.js';

let s3: S3TestServer;
let dataDir: string;
let storageDir: string;
const write = (file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-data-'));
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-storage-'));
  write(path.join(dataDir, 'files', '2025', '01', 'old-upload'), 'before the folder was set');
  write(path.join(dataDir, 'files', '2026', '11', 'both'), 'stale copy in DATA_DIR');
  write(path.join(dataDir, 'certs', 'c1.pdf'), '%PDF-1.4 cert');
  write(path.join(dataDir, 'pgdata', 'base', '1'), 'database page');
  write(path.join(dataDir, 'files', '2026', '11', 'x.part-0123456789ab'), 'half written');
  write(path.join(storageDir, '2026', '11', 'both'), 'current copy');
  write(path.join(storageDir, '2026', '11', 'video'), Buffer.alloc(3 * 1024 * 1024, 9));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('copies DATA_DIR and the storage folder key for key, without the database or part files', async () => {
    const target = s3.store('fn/');
    const report = await migrateLocalToStore({ dataDir, storageDir, target });
    expect(report).toMatchObject({ copied: 4, skipped: 0, failed: [] });
    expect((await readBlob(target, 'files/2025/01/old-upload'))?.toString()).toBe('before the folder was set');
    expect((await readBlob(target, 'certs/c1.pdf'))?.toString()).toBe('%PDF-1.4 cert');
    // The storage folder is where the server reads first: its copy wins.
    expect((await readBlob(target, 'files/2026/11/both'))?.toString()).toBe('current copy');
    expect((await target.stat('files/2026/11/video'))?.size).toBe(3 * 1024 * 1024);
    expect(await target.stat('pgdata/base/1')).toBeNull();
    expect(await target.stat('files/2026/11/x.part-0123456789ab')).toBeNull();
    // Nothing local is deleted.
    expect(fs.existsSync(path.join(dataDir, 'certs', 'c1.pdf'))).toBe(true);

    // Run again (after an interruption, or just before the switch): only what changed is copied.
    write(path.join(dataDir, 'certs', 'c2.pdf'), '%PDF-1.4 new');
    const again = await migrateLocalToStore({ dataDir, storageDir, target });
    expect(again).toMatchObject({ copied: 1, skipped: 4, failed: [] });
  });

  it('the command copies the folder into the bucket named by STORAGE=s3 and S3_*', async () => {
    const cliData = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-cli-'));
    try {
      write(path.join(cliData, 'files', '2026', '10', 'abc'), 'from the command');
      const env = {
        ...process.env,
        DATA_DIR: cliData,
        DATABASE_URL: '',
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY: s3.accessKeyId,
        S3_SECRET_KEY: s3.secretAccessKey,
        S3_PREFIX: 'cli/',
      };
      const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
      const { stdout } = await promisify(execFile)(tsx, [path.join(serverRoot, 'scripts', 'storage-migrate.ts')], {
        env,
        timeout: 60_000,
      });
      expect(stdout).toContain('完成：复制 1 个');
      expect((await readBlob(s3.store('cli/'), 'files/2026/10/abc'))?.toString()).toBe('from the command');
      // Without STORAGE=s3 it says what to set and copies nothing.
      const refused = await promisify(execFile)(tsx, [path.join(serverRoot, 'scripts', 'storage-migrate.ts')], {
        env: { ...env, STORAGE: '' },
      }).catch((err) => err);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('STORAGE=s3');
    } finally {
      fs.rmSync(cliData, { recursive: true, force: true });
    }
  }, 90_000);
});
