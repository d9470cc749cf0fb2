/** Shared start-up steps of the process and of the API tests. */
import { Redis } from 'ioredis';
import type { Seeder } from '../db/seed/context.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { createTokenVerifier } from './auth.js';
import type { AppConfig } from './config.js';
import { type Database, type Db, runMigrations } from './db.js';
import type { AppDeps, Clock } from './deps.js';
import type { BlobStore } from './storage/blob-store.js';
import { LocalBlobStore } from './storage/local-blob-store.js';
import { S3BlobStore } from './storage/s3-blob-store.js';

/**
 * What the modules add to start-up, listed in modules/index.ts (`startupHooks`) and handed in by
 * whoever starts the process: the platform imports no module.
 */
export interface StartupHooks {
  /** Demo data of the modules, in order, inside the first-start transaction after the base data. */
  seeders: readonly Seeder[];
  /** Run at every start after migrating and seeding, in order (e.g. the menu catalogue sync). */
  onStart: readonly ((db: Db) => Promise<unknown>)[];
  /** Run once, on the first start only, after `onStart` (demo grants of what `onStart` creates). */
  afterFirstStart?: readonly ((db: Db) => Promise<unknown>)[];
}

/**
 * Migrates, seeds on first start (when `seed`), and runs the modules' start-up steps. The demo
 * files go to `seedBlobs`: give the configured backend (`seedBlobStore`), or downloads from an S3
 * bucket look for files the seed wrote into a local folder.
 */
export async function prepareDatabase(
  database: Database,
  hooks: StartupHooks,
  options: { seed: boolean; seedBlobs?: BlobStore },
): Promise<{ seeded: boolean }> {
  await runMigrations(database);
  const seeded = options.seed ? await seedIfEmpty(database.db, hooks.seeders, options.seedBlobs) : false;
  for (const step of hooks.onStart) await step(database.db);
  if (seeded) for (const step of hooks.afterFirstStart ?? []) await step(database.db);
  return { seeded };
}

/** Connects to Redis when configured; the platform works without it. */
export function connectRedis(url: string | null): Redis | null {
  if (!url) return null;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => {
    // Redis only holds caches and counters; a lost connection must not stop the platform.
  });
  return redis;
}

export function createDeps(
  database: Database,
  config: AppConfig,
  options: { redis?: Redis | null; clock?: Clock; blobs?: BlobStore } = {},
): AppDeps {
  return {
    db: database.db,
    dbKind: database.kind,
    config,
    redis: options.redis ?? null,
    clock: options.clock ?? (() => new Date()),
    verifyToken: createTokenVerifier(database.db, config.tokenTtlMs, config.tokenMaxAgeMs),
    blobs: options.blobs ?? blobStoreFor(database.db, config),
  };
}

/**
 * The configured backend: the local folder, or the S3 bucket (STORAGE=s3), which finds rows
 * recorded as absolute paths before the port by the local layout (storage:migrate copied it key
 * for key).
 */
export function blobStoreFor(db: Db, config: AppConfig): BlobStore {
  const local = localBlobStore(db, config.dataDir);
  if (config.storage.kind === 'local') return local;
  return new S3BlobStore({ ...config.storage, keyOfLegacyPath: (location) => local.keyOfLegacyPath(location) });
}

/**
 * Where the first start writes its demo files: the configured backend, as downloads read it. The
 * local one without the storage-folder mount: no folder is configured yet, and the mount's read of
 * sys_config would wait for the seeding transaction on PGlite's one connection.
 */
export function seedBlobStore(config: AppConfig): BlobStore {
  const local = new LocalBlobStore(config.dataDir);
  if (config.storage.kind === 'local') return local;
  return new S3BlobStore({ ...config.storage, keyOfLegacyPath: (location) => local.keyOfLegacyPath(location) });
}

/** Reads the storage folder of the site config (null when unset); the system module owns that row. */
export type UploadFolderSource = (db: Db) => Promise<string | null>;

let uploadFolder: UploadFolderSource | null = null;

/** Called once at load by modules/index.ts with the system module's config reader. */
export function provideUploadFolder(source: UploadFolderSource): void {
  uploadFolder = source;
}

/**
 * The local folder: DATA_DIR, with uploads (`files/...`) in the storage folder of the site config
 * when the administrator set one (read at each use through the system module's port, as before the
 * port: a change applies at once). An unfilled port throws rather than guessing a folder.
 */
export function localBlobStore(db: Db, dataDir: string): LocalBlobStore {
  return new LocalBlobStore(dataDir, {
    mounts: {
      files: async () => {
        if (!uploadFolder) throw new Error('storage: no upload folder source was provided (modules/index.ts)');
        return uploadFolder(db);
      },
    },
  });
}
