/**
 * The storage port's contract, run on every backend (local-blob-store.test.ts on the local folder,
 * s3-blob-store.test.ts on a real S3-protocol server): what modules may rely on whichever
 * backend the site configures.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type BlobStore, InvalidBlobKeyError, isBlobKey, readBlob, withLocalCopy } from './blob-store.js';

export const streamText = async (s: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

/** Keys that are refused before any backend sees them. */
export const BAD_KEYS = [
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
];

/** A source of `mb` megabytes that records how much it ever held unread (backpressure). */
function megabytes(mb: number) {
  const chunk = Buffer.alloc(1024 * 1024, 7);
  let produced = 0;
  const probe = { peakBuffered: 0 };
  const source = new Readable({
    highWaterMark: 1024 * 1024,
    read() {
      probe.peakBuffered = Math.max(probe.peakBuffered, this.readableLength);
      if (produced === mb) this.push(null);
      else {
        produced++;
        this.push(chunk);
      }
    },
  });
  return { source, probe, size: mb * chunk.length };
}

export interface ContractHooks {
  /** Backend-specific checks after the failed put of `keep/me` (e.g. no part file left on disk). */
  afterFailedPut?: () => void;
}

export function blobStoreContract(name: string, store: () => BlobStore, hooks: ContractHooks = {}): void {
  describe(`the storage port contract: ${name}`, () => {
    it('stores bytes under a key and answers them, their size and a time', async () => {
      const s = store();
      expect(await s.put('c/one.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' })).toEqual({
        size: 8,
      });
      expect((await readBlob(s, 'c/one.pdf'))?.toString()).toBe('%PDF-1.4');
      const st = await s.stat('c/one.pdf');
      expect(st?.size).toBe(8);
      expect(st?.mtime).toBeInstanceOf(Date);
      // A put replaces what was there.
      expect(await s.put('c/one.pdf', Readable.from([Buffer.from('ab'), Buffer.from('c')]))).toEqual({ size: 3 });
      expect((await readBlob(s, 'c/one.pdf'))?.toString()).toBe('abc');
      expect(isBlobKey('files/2026/11/-base64url_Id')).toBe(true); // upload ids may start with '-'
      await s.put('files/2026/11/-base64url_Id', Buffer.from('id'));
      expect((await readBlob(s, 'files/2026/11/-base64url_Id'))?.toString()).toBe('id');
    });

    it('answers a byte range (inclusive end), an open-ended one and the whole blob', async () => {
      const s = store();
      await s.put('a/digits', Buffer.from('0123456789'));
      const mid = await s.get('a/digits', { start: 2, end: 5 });
      expect(mid).toMatchObject({ size: 10, start: 2, end: 5 });
      expect(await streamText(mid?.stream as NodeJS.ReadableStream)).toBe('2345');
      const tail = await s.get('a/digits', { start: 7 });
      expect(tail).toMatchObject({ start: 7, end: 9 });
      expect(await streamText(tail?.stream as NodeJS.ReadableStream)).toBe('789');
      const past = await s.get('a/digits', { start: 8, end: 500 });
      expect(past).toMatchObject({ start: 8, end: 9, size: 10 });
      expect(await streamText(past?.stream as NodeJS.ReadableStream)).toBe('89');
      const whole = await s.get('a/digits');
      expect(whole).toMatchObject({ start: 0, end: 9, size: 10 });
      expect(await streamText(whole?.stream as NodeJS.ReadableStream)).toBe('0123456789');
      await expect(s.get('a/digits', { start: 10 })).rejects.toThrow(RangeError);
      await expect(s.get('a/digits', { start: 5, end: 4 })).rejects.toThrow(RangeError);
    });

    it('keeps an empty blob', async () => {
      const s = store();
      expect(await s.put('e/empty', Buffer.alloc(0))).toEqual({ size: 0 });
      expect((await s.stat('e/empty'))?.size).toBe(0);
      expect((await readBlob(s, 'e/empty'))?.length).toBe(0);
    });

    it('answers null for a missing key, and delete of a missing key is fine', async () => {
      const s = store();
      expect(await s.get('nope/none')).toBeNull();
      expect(await s.get('nope/none', { start: 0, end: 1 })).toBeNull();
      expect(await s.stat('nope/none')).toBeNull();
      await s.delete('nope/none');
      await s.put('gone/soon', Buffer.from('x'));
      await s.delete('gone/soon');
      expect(await s.stat('gone/soon')).toBeNull();
      expect(await s.get('gone/soon')).toBeNull();
    });

    it.each(BAD_KEYS)('refuses the key %j before touching the backend', async (key) => {
      const s = store();
      expect(isBlobKey(key)).toBe(false);
      await expect(s.put(key, Buffer.from('x'))).rejects.toThrow(InvalidBlobKeyError);
      await expect(s.get(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(s.stat(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(s.delete(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(s.localPath(key)).rejects.toThrow(InvalidBlobKeyError);
    });

    it('streams a large put without holding it in memory', async () => {
      const s = store();
      const { source, probe, size } = megabytes(96);
      const before = process.memoryUsage().arrayBuffers;
      expect(await s.put('big/one', source)).toEqual({ size });
      // Backpressure: the source was read only as the store took it, never all 96 MB at once.
      expect(probe.peakBuffered).toBeLessThanOrEqual(2 * 1024 * 1024);
      // The process-wide count also holds the test's own s3rver (in this process) and garbage not yet
      // collected: on a loaded machine it reached 76 MB, so it only bounds "never the whole file in
      // memory"; the probe above is the proof of streaming.
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(size);
      expect((await s.stat('big/one'))?.size).toBe(size);
      const tail = await s.get('big/one', { start: size - 3 });
      expect(await streamText(tail?.stream as NodeJS.ReadableStream)).toBe('\x07\x07\x07');
    });

    it('keeps the old bytes when a put fails half way', async () => {
      const s = store();
      await s.put('keep/me', Buffer.from('old'));
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent++ < 3) this.push(Buffer.from('new'));
          else this.destroy(new Error('client went away'));
        },
      });
      await expect(s.put('keep/me', failing)).rejects.toThrow('client went away');
      expect((await readBlob(s, 'keep/me'))?.toString()).toBe('old');
      hooks.afterFailedPut?.();
    });

    it('withLocalCopy hands a file with the bytes, and removes a temporary copy afterwards', async () => {
      const s = store();
      await s.put('copy/src', Buffer.from('hello'));
      const local = await s.localPath('copy/src');
      let seen = '';
      const answer = await withLocalCopy(
        s,
        'copy/src',
        async (f) => {
          seen = f;
          return fs.readFileSync(f, 'utf8');
        },
        'docx',
      );
      expect(answer).toBe('hello');
      if (local) expect(seen).toBe(local);
      else {
        expect(seen).toMatch(/\.docx$/);
        expect(fs.existsSync(seen)).toBe(false);
        expect(await withLocalCopy(s, 'copy/none', async () => 'x')).toBeNull();
      }
    });
  });
}
