/**
 * The one storage interface for file bytes (issue 14 §4). Today the bytes live in the data folder
 * under the key recorded in sys_file.storage_path; an object-storage backend (the scale-out issue)
 * implements the same calls, answering null from `localPath` so callers stream instead.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';

export interface FileStorage {
  /** The bytes, or a byte range of them (inclusive end). */
  read(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream;
  exists(key: string): Promise<boolean>;
  /** A path on this machine's disk when the backend has one (Range serving by send, ffprobe); else null. */
  localPath(key: string): string | null;
}

export const diskStorage: FileStorage = {
  read: (key, range) => fs.createReadStream(key, range),
  exists: async (key) =>
    fsp.access(key).then(
      () => true,
      () => false,
    ),
  localPath: (key) => key,
};

/** The backend in use. */
export const fileStorage: FileStorage = diskStorage;
