/** Media facts read through the storage port, from the local folder and from a backend without local files. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { LocalBlobStore } from '../../platform/storage/local-blob-store.js';
import { probeDuration, storedPdfPages } from './course-media.js';
import { TINY_PDF, testVideo } from './course-test-kit.js';

let root: string;
let local: LocalBlobStore;
let remote: BlobStore;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'course-media-'));
  local = new LocalBlobStore(root);
  remote = Object.assign(Object.create(local) as BlobStore, { localPath: async () => null });
  await local.put('files/2026/01/video', testVideo(3));
  await local.put('files/2026/01/doc', TINY_PDF);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('course media through the storage port', () => {
  it.each([
    ['the local folder', () => local],
    ['a backend without local files', () => remote],
  ])('reads a video duration and PDF pages from %s', async (_name, store) => {
    expect(await probeDuration(store(), 'files/2026/01/video', 'video/mp4')).toBeCloseTo(3, 0);
    expect(await storedPdfPages(store(), 'files/2026/01/doc')).toBe(1);
    expect(await probeDuration(store(), 'files/2026/01/none', 'video/mp4')).toBe(0);
    expect(await storedPdfPages(store(), 'files/2026/01/none')).toBe(0);
  });

  it('reads a row of before (absolute path in the folder), and nothing from a path outside it', async () => {
    expect(await storedPdfPages(local, path.join(root, 'files', '2026', '01', 'doc'))).toBe(1);
    const outside = path.join(os.tmpdir(), `outside-${process.pid}.pdf`);
    fs.writeFileSync(outside, TINY_PDF);
    try {
      expect(await storedPdfPages(local, outside)).toBe(0);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});
