/**
 * The storage port: every file the product keeps (uploads, avatars, course media
 * and their PDF renditions, certificate backgrounds and PDFs) is read and written through a
 * `BlobStore`, by key. Modules never touch `fs` for stored files (layering.test.ts checks it); the
 * backend decides where the bytes live. Backends: `LocalBlobStore` (a folder on disk, the layout of
 * before) and `S3BlobStore` (an S3-compatible bucket, STORAGE=s3), which implements the
 * same calls and answers `signedUrl` so downloads can go straight to it. Both pass the same
 * contract (blob-store-contract.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Bytes to store: a stream (written as it arrives, never buffered whole) or a buffer. */
export type BlobBody = NodeJS.ReadableStream | Buffer | Uint8Array;

export interface BlobStat {
  size: number;
  mtime: Date;
}

export interface BlobRead extends BlobStat {
  stream: NodeJS.ReadableStream;
  /** The bytes of the range served (inclusive end), or the whole blob. */
  start: number;
  end: number;
}

export interface BlobStore {
  /** Stores the bytes under `key`, replacing what was there only once all of them arrived. */
  put(key: string, body: BlobBody, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The bytes, or an inclusive byte range of them; null when there is no such blob. */
  get(key: string, range?: { start: number; end?: number }): Promise<BlobRead | null>;
  stat(key: string): Promise<BlobStat | null>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL the browser may download the blob from directly for `ttlSeconds`, or null when the
   * backend cannot sign one (the local folder): the server then streams the bytes itself.
   */
  signedUrl(
    key: string,
    ttlSeconds: number,
    options?: { contentType?: string; contentDisposition?: string },
  ): Promise<string | null>;
  /**
   * The file on this machine's disk holding the blob, when the backend has one (the local
   * folder). Only for serving with @fastify/send (Range, ETag, conditional requests) and for
   * `withLocalCopy`; never for writing. Other backends answer null.
   */
  localPath(key: string): Promise<string | null>;
  /**
   * The key of a location recorded before keys existed (an absolute path in sys_file.storage_path
   * or el_cert.file_path), or null when the backend does not hold it.
   */
  keyOfLegacyPath?(location: string): Promise<string | null>;
  /** For the health endpoint: throws when the backend cannot be reached or written (optional). */
  check?(): Promise<void>;
}

/**
 * A key is a relative path of plain segments (letters, digits, `_`, `-`, and dots not leading):
 * no `..`, no `.`, no empty segment, no backslash, no drive letter. Upload ids are base64url, so a
 * segment may start with `-`.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isBlobKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '..' && !s.includes('..'));
}

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(String(key).slice(0, 80))}`);
  }
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKeyError(key);
}

/**
 * The key of what a row records: a key as it is, an absolute path of before through the backend
 * (rows written before the port), or null (the blob is gone as far as callers are concerned).
 */
export async function storedKey(store: BlobStore, recorded: string | null | undefined): Promise<string | null> {
  if (!recorded) return null;
  if (isBlobKey(recorded)) return recorded;
  if (path.isAbsolute(recorded) && store.keyOfLegacyPath) return store.keyOfLegacyPath(recorded);
  return null;
}

/** The whole blob in memory, for small ones (certificate backgrounds and PDFs); null when missing. */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await store.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Runs `fn` with a path on this machine's disk holding the blob's bytes, for tools that only take
 * a file name (ffprobe for media duration, LibreOffice for office-to-PDF, the zip guard's random
 * reads of the central directory). The local folder hands over its own file (read only: `fn` must
 * not change it); another backend copies the blob into a temporary folder removed afterwards.
 * Answers null when there is no such blob. `ext` names the copy (LibreOffice picks its filter by it).
 */
export async function withLocalCopy<T>(
  store: BlobStore,
  key: string,
  fn: (file: string) => Promise<T>,
  ext = '',
): Promise<T | null> {
  const local = await store.localPath(key);
  if (local) return fn(local);
  const blob = await store.get(key);
  if (!blob) return null;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'blob-copy-'));
  try {
    const file = path.join(dir, `blob${ext ? `.${ext}` : ''}`);
    await pipeline(blob.stream, fs.createWriteStream(file));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
