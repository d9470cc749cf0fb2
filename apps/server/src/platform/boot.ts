/** Shared start-up steps of the process and of the API tests. */
import { Redis } from 'ioredis';
import { seedIfEmpty } from '../db/seed/index.js';
import { syncMenuCatalogue } from '../modules/system/menu/sync-catalogue.js';
import { createTokenVerifier } from './auth.js';
import type { AppConfig } from './config.js';
import { type Database, runMigrations } from './db.js';
import type { AppDeps, Clock } from './deps.js';

/** Migrates, seeds on first start, and syncs the menu catalogue. */
export async function prepareDatabase(database: Database, options: { seed: boolean }): Promise<{ seeded: boolean }> {
  await runMigrations(database);
  const seeded = options.seed ? await seedIfEmpty(database.db) : false;
  await syncMenuCatalogue(database.db);
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
  options: { redis?: Redis | null; clock?: Clock } = {},
): AppDeps {
  return {
    db: database.db,
    dbKind: database.kind,
    config,
    redis: options.redis ?? null,
    clock: options.clock ?? (() => new Date()),
    verifyToken: createTokenVerifier(database.db, config.tokenTtlMs, config.tokenMaxAgeMs),
  };
}
