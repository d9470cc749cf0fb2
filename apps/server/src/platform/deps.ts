/** What handlers and services get from the process: database, config, cache, clock. */
import type { Redis } from 'ioredis';
import type { AuthUser } from './auth.js';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import type { BlobStore } from './storage/blob-store.js';

/** Current time. Production uses the real clock; tests of time-based rules pass their own. */
export type Clock = () => Date;

export interface AppDeps {
  db: Db;
  dbKind: 'pglite' | 'pg';
  config: AppConfig;
  /** Cache and rate-limit counters when REDIS_URL is set; never the only copy of anything. */
  redis: Redis | null;
  clock: Clock;
  verifyToken: (token: string) => Promise<AuthUser>;
  /** Where every kept file's bytes live (platform/storage): the local folder today. */
  blobs: BlobStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by the auth hook when a valid token came with the request. */
    authUser: AuthUser | null;
  }
}
