/**
 * The local-folder backend of the storage port: a blob is the file `<root>/<key>`, the layout of
 * before the port (uploads under DATA_DIR/files/<yyyy>/<mm>/<id>, certificate PDFs under
 * DATA_DIR/certs/<id>.pdf), so existing data keeps working. A mount sends a key's first segment
 * to another folder (uploads go to the storage folder of the site config when one is set); a key
 * not found there is still looked for in its place under the root, where it was kept before the
 * folder was set.
 * Keys are checked here, whoever calls: a bad key never reaches the file system.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobBody, type BlobRead, type BlobStat, type BlobStore } from './blob-store.js';

export interface LocalBlobStoreOptions {
  /** First key segment -> the folder holding its keys' rest, when the resolver answers one. */
  mounts?: Record<string, () => Promise<string | null>>;
}

const missing = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

export class LocalBlobStore implements BlobStore {
  readonly root: string;
  private readonly mounts: Record<string, () => Promise<string | null>>;

  constructor(root: string, options: LocalBlobStoreOptions = {}) {
    this.root = path.resolve(root);
    this.mounts = options.mounts ?? {};
  }

  /**
   * The files a key (checked) may be in, inside their folders whatever the key says: the mounted
   * folder's first (where it is written), then the root's.
   */
  private async placesOf(key: string): Promise<string[]> {
    assertBlobKey(key);
    const [first, ...rest] = key.split('/');
    const inside = (base: string, parts: string[]) => {
      const file = path.resolve(base, ...parts);
      if (!file.startsWith(base + path.sep)) throw new Error('storage key escapes its folder');
      return file;
    };
    const own = inside(this.root, [first, ...rest]);
    const mounted = Object.hasOwn(this.mounts, first) && rest.length ? await this.mounts[first]() : null;
    if (!mounted) return [own];
    const there = inside(path.resolve(mounted), rest);
    return there === own ? [own] : [there, own];
  }

  /** Where the key is written. */
  private async fileOf(key: string): Promise<string> {
    return (await this.placesOf(key))[0];
  }

  /** Where the key is found: the first place holding a file, else the first place. */
  private async foundOf(key: string): Promise<string> {
    const places = await this.placesOf(key);
    if (places.length > 1)
      for (const file of places)
        if (
          await fsp.stat(file).then(
            (st) => st.isFile(),
            () => false,
          )
        )
          return file;
    return places[0];
  }

  async put(key: string, body: BlobBody): Promise<{ size: number }> {
    const file = await this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed once complete: a reader never sees half a file.
    const part = `${file}.part-${randomBytes(6).toString('hex')}`;
    try {
      const source = Buffer.isBuffer(body) || body instanceof Uint8Array ? Readable.from([body]) : body;
      await pipeline(source, fs.createWriteStream(part, { flags: 'wx' }));
      const { size } = await fsp.stat(part);
      await fsp.rename(part, file);
      return { size };
    } catch (err) {
      await fsp.rm(part, { force: true });
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const file = await this.foundOf(key);
    try {
      const s = await fsp.stat(file);
      return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<BlobRead | null> {
    const file = await this.foundOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    try {
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      const start = range ? range.start : 0;
      const end = range?.end === undefined ? s.size - 1 : Math.min(range.end, s.size - 1);
      if (range && (!Number.isInteger(start) || start < 0 || start >= s.size || end < start))
        throw new RangeError(`unsatisfiable range ${start}-${range.end ?? ''} of ${s.size} bytes`);
      // The stream owns the handle from here (autoClose): it is closed when read or destroyed.
      const stream = s.size === 0 ? Readable.from([]) : handle.createReadStream({ start, end });
      if (s.size === 0) await handle.close();
      return { stream, size: s.size, mtime: s.mtime, start, end: Math.max(end, start - 1) };
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    for (const file of await this.placesOf(key)) await fsp.rm(file, { force: true });
  }

  /** The local folder cannot sign a URL: the server streams the bytes. */
  async signedUrl(_key: string, _ttlSeconds: number): Promise<string | null> {
    return null;
  }

  /** The root exists (created if need be) and this process may write in it. */
  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async localPath(key: string): Promise<string | null> {
    return this.foundOf(key);
  }

  /** A path of before the port maps to a key when it lies in one of this store's folders. */
  async keyOfLegacyPath(location: string): Promise<string | null> {
    const abs = path.resolve(location);
    const inside = (base: string) => {
      const rel = path.relative(base, abs);
      return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
    };
    for (const [name, resolve] of Object.entries(this.mounts)) {
      const dir = await resolve();
      const rel = dir ? inside(path.resolve(dir)) : null;
      if (rel) return `${name}/${rel}`;
    }
    return inside(this.root);
  }
}
