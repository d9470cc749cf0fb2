/**
 * Copies the local folder's blobs into another backend (`npm run storage:migrate`),
 * key for key, so rows keep their keys (and rows written as absolute paths before the port find
 * theirs through the local layout). DATA_DIR's blobs first, then the storage folder of the site
 * config as `files/...` (where reads look first, so its copy wins). The database folder and
 * half-written part files are left out. A blob already in the target with the same size is
 * skipped: the command can be run again after an interruption, and once more just before the
 * switch to pick up what arrived meanwhile. Nothing local is deleted.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type BlobStore, isBlobKey } from './blob-store.js';

export interface MigrateReport {
  copied: number;
  skipped: number;
  bytes: number;
  /** Files whose names cannot be keys (left where they are), and copies that failed, with why. */
  failed: { file: string; reason: string }[];
}

/** Left out of DATA_DIR: the embedded database's folder. */
const NOT_BLOBS = new Set(['pgdata']);
const PART_FILE = /\.part-[0-9a-f]{12}$/;

async function* filesUnder(dir: string, skipTop: Set<string>): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    if (skipTop.has(e.name)) continue;
    const file = path.join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(file, new Set());
    else if (e.isFile() && !PART_FILE.test(e.name)) yield file;
  }
}

export async function migrateLocalToStore(options: {
  dataDir: string;
  /** The storage folder of the site config, when one is set. */
  storageDir?: string | null;
  target: BlobStore;
  log?: (line: string) => void;
}): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  // key -> file; the storage folder's entries are added last and so replace DATA_DIR's.
  const plan = new Map<string, string>();
  const add = async (root: string, prefix: string, skipTop: Set<string>) => {
    for await (const file of filesUnder(root, skipTop)) {
      const key = prefix + path.relative(root, file).split(path.sep).join('/');
      if (isBlobKey(key)) plan.set(key, file);
      else report.failed.push({ file, reason: '文件名不能作为存储键，未复制' });
    }
  };
  await add(path.resolve(options.dataDir), '', NOT_BLOBS);
  if (options.storageDir) await add(path.resolve(options.storageDir), 'files/', new Set());

  for (const [key, file] of plan) {
    try {
      const { size } = await fsp.stat(file);
      if ((await options.target.stat(key))?.size === size) {
        report.skipped++;
        continue;
      }
      const put = await options.target.put(key, fs.createReadStream(file));
      if (put.size !== size) throw new Error(`复制了 ${put.size} 字节，文件有 ${size} 字节`);
      report.copied++;
      report.bytes += size;
      options.log?.(`已复制 ${key}（${size} 字节）`);
    } catch (err) {
      report.failed.push({ file, reason: (err as Error).message });
    }
  }
  return report;
}
