import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlobKey, readBlob, storedKey } from './blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';
import { LocalBlobStore } from './local-blob-store.js';

let root: string;
let mounted: string;
let mountTo: string | null = null;
let store: LocalBlobStore;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-root-'));
  mounted = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-mount-'));
  store = new LocalBlobStore(root, { mounts: { files: async () => mountTo } });
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(mounted, { recursive: true, force: true });
});

blobStoreContract('local folder', () => store, {
  // Written beside the target and renamed once complete: a failed put leaves no part file.
  afterFailedPut: () => expect(fs.readdirSync(path.join(root, 'keep'))).toEqual(['me']),
});

describe('LocalBlobStore', () => {
  it('keeps the layout of before: <root>/<key>', async () => {
    expect(await store.put('certs/abc.pdf', Buffer.from('%PDF-1.4'))).toEqual({ size: 8 });
    expect(fs.readFileSync(path.join(root, 'certs', 'abc.pdf'), 'utf8')).toBe('%PDF-1.4');
    expect(await store.localPath('certs/abc.pdf')).toBe(path.join(root, 'certs', 'abc.pdf'));
    expect(await store.signedUrl('certs/abc.pdf', 60)).toBeNull();
    await store.check();
    // Uploads live in DATA_DIR/files unless the storage folder is configured.
    await store.put('files/2026/11/x1', Buffer.from('one'));
    expect(isBlobKey('files/2026/11/-base64url_Id')).toBe(true); // upload ids may start with '-'
    expect(fs.existsSync(path.join(root, 'files', '2026', '11', 'x1'))).toBe(true);
  });

  it('puts files/ keys in the mounted folder when it answers one', async () => {
    mountTo = mounted;
    try {
      await store.put('files/2026/11/x2', Buffer.from('two'));
      expect(fs.readFileSync(path.join(mounted, '2026', '11', 'x2'), 'utf8')).toBe('two');
      expect((await store.stat('files/2026/11/x2'))?.size).toBe(3);
      // A key kept before the folder was set is still found in DATA_DIR/files, and deleted there.
      expect((await store.stat('files/2026/11/x1'))?.size).toBe(3);
      expect((await readBlob(store, 'files/2026/11/x1'))?.toString()).toBe('one');
      expect(await store.localPath('files/2026/11/x1')).toBe(path.join(root, 'files', '2026', '11', 'x1'));
      expect(await store.localPath('files/2026/11/x2')).toBe(path.join(mounted, '2026', '11', 'x2'));
      expect(await store.stat('files/2026/11/x3')).toBeNull();
      await store.put('files/2026/11/x3', Buffer.from('3'));
      await store.delete('files/2026/11/x3');
      expect(await store.stat('files/2026/11/x3')).toBeNull();
    } finally {
      mountTo = null;
    }
  });

  it('answers null for a folder: it is not a blob', async () => {
    await store.put('dir/inside', Buffer.from('x'));
    expect(await store.stat('dir')).toBeNull();
    expect(await store.get('dir')).toBeNull();
  });

  it('maps a path recorded before the port to its key, and nothing outside its folders', async () => {
    expect(await storedKey(store, path.join(root, 'certs', 'abc.pdf'))).toBe('certs/abc.pdf');
    expect(await storedKey(store, 'certs/abc.pdf')).toBe('certs/abc.pdf');
    expect(await storedKey(store, '/etc/passwd')).toBeNull();
    expect(await storedKey(store, path.join(root, '..', 'x'))).toBeNull();
    expect(await storedKey(store, '../x')).toBeNull();
    expect(await storedKey(store, null)).toBeNull();
    mountTo = mounted;
    try {
      expect(await storedKey(store, path.join(mounted, '2026', '11', 'x2'))).toBe('files/2026/11/x2');
    } finally {
      mountTo = null;
    }
  });
});
