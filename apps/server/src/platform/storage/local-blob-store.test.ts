import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, isBlobKey, readBlob, storedKey, withLocalCopy } from './blob-store.js';
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

const text = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('LocalBlobStore', () => {
  it('keeps the layout of before: <root>/<key>', async () => {
    expect(await store.put('certs/abc.pdf', Buffer.from('%PDF-1.4'))).toEqual({ size: 8 });
    expect(fs.readFileSync(path.join(root, 'certs', 'abc.pdf'), 'utf8')).toBe('%PDF-1.4');
    expect(await store.localPath('certs/abc.pdf')).toBe(path.join(root, 'certs', 'abc.pdf'));
    expect(await store.signedUrl('certs/abc.pdf', 60)).toBeNull();
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

  it('answers a byte range (inclusive end), an open-ended one and the whole blob', async () => {
    await store.put('a/digits', Buffer.from('0123456789'));
    const mid = await store.get('a/digits', { start: 2, end: 5 });
    expect(mid).toMatchObject({ size: 10, start: 2, end: 5 });
    expect(await text(mid?.stream as NodeJS.ReadableStream)).toBe('2345');
    const tail = await store.get('a/digits', { start: 7 });
    expect(tail).toMatchObject({ start: 7, end: 9 });
    expect(await text(tail?.stream as NodeJS.ReadableStream)).toBe('789');
    const past = await store.get('a/digits', { start: 8, end: 500 });
    expect(await text(past?.stream as NodeJS.ReadableStream)).toBe('89');
    expect((await readBlob(store, 'a/digits'))?.toString()).toBe('0123456789');
    await expect(store.get('a/digits', { start: 10 })).rejects.toThrow(RangeError);
    await expect(store.get('a/digits', { start: 5, end: 4 })).rejects.toThrow(RangeError);
  });

  it('answers null for a missing key, and delete of a missing key is fine', async () => {
    expect(await store.get('nope/none')).toBeNull();
    expect(await store.get('nope/none', { start: 0, end: 1 })).toBeNull();
    expect(await store.stat('nope/none')).toBeNull();
    expect(await store.stat('a')).toBeNull(); // a folder is not a blob
    expect(await store.get('a')).toBeNull();
    await store.delete('nope/none');
    await store.put('gone/soon', Buffer.from('x'));
    await store.delete('gone/soon');
    expect(await store.stat('gone/soon')).toBeNull();
  });

  it.each([
    '../escape',
    'a/../../etc/passwd',
    '/etc/passwd',
    'a//b',
    'a/./b',
    './a',
    'a/',
    '',
    'a\\..\\b',
    'C:/x',
    '.hidden',
    'a/..',
    'a/b..c/../d',
  ])('refuses the key %j before touching the disk', async (key) => {
    expect(isBlobKey(key)).toBe(false);
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.get(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.stat(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.localPath(key)).rejects.toThrow(InvalidBlobKeyError);
  });

  it('streams a large put to disk without holding it in memory, and leaves no part file', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = 64; // 64 MB
    let produced = 0;
    let peakBuffered = 0;
    const source = new Readable({
      highWaterMark: 1024 * 1024,
      read() {
        peakBuffered = Math.max(peakBuffered, this.readableLength);
        if (produced === chunks) this.push(null);
        else {
          produced++;
          this.push(chunk);
        }
      },
    });
    const before = process.memoryUsage().arrayBuffers;
    expect(await store.put('big/one', source)).toEqual({ size: chunks * chunk.length });
    // Backpressure: the source was read only as the file took it, never all 64 MB at once.
    expect(peakBuffered).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
    expect(fs.statSync(path.join(root, 'big', 'one')).size).toBe(chunks * chunk.length);
    expect(fs.readdirSync(path.join(root, 'big'))).toEqual(['one']);
  });

  it('keeps the old bytes when a put fails half way, and leaves no part file', async () => {
    await store.put('keep/me', Buffer.from('old'));
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.from('new'));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('keep/me', failing)).rejects.toThrow('client went away');
    expect((await readBlob(store, 'keep/me'))?.toString()).toBe('old');
    expect(fs.readdirSync(path.join(root, 'keep'))).toEqual(['me']);
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

  it('withLocalCopy hands the local file, or a temporary copy from a backend without one', async () => {
    await store.put('copy/src', Buffer.from('hello'));
    expect(await withLocalCopy(store, 'copy/src', async (f) => f)).toBe(path.join(root, 'copy', 'src'));
    const remote = Object.assign(Object.create(store) as LocalBlobStore, { localPath: async () => null });
    let seen = '';
    const answer = await withLocalCopy(
      remote,
      'copy/src',
      async (f) => {
        seen = f;
        return fs.readFileSync(f, 'utf8');
      },
      'docx',
    );
    expect(answer).toBe('hello');
    expect(seen).toMatch(/\.docx$/);
    expect(fs.existsSync(seen)).toBe(false);
    expect(await withLocalCopy(remote, 'copy/none', async () => 'x')).toBeNull();
  });
});
