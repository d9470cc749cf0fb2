/**
 * The database client: embedded PGlite (data in DATA_DIR/pgdata) by default, PostgreSQL through
 * `pg` when a URL is given. Both expose the same Drizzle query builder over one pg-core schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.js';
import { serverRoot } from './paths.js';
import { PgliteProxy } from './pglite-proxy.js';

export type Schema = typeof schema;
/** The query builder. PGlite's has the same API; it is typed as the node-postgres one. */
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
  /** PGlite only: writes the whole database to a file that `pgliteFrom` can start from. */
  dumpTo?(file: string): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when null, PGlite is used. */
  databaseUrl: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** A PGlite dump (`PgliteProxy.dumpTo`) to start from instead of an empty database (tests). */
  pgliteFrom?: string | null;
  poolSize?: number;
}

/** PostgreSQL connections per process unless `poolSize` says otherwise. */
export const DEFAULT_POOL_SIZE = 20;

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection closed by the server (restart, failover, a dropped database) is re-emitted
    // on the pool; unhandled, that 'error' event would end the process. The pool replaces it.
    pool.on('error', (err) => console.warn('PostgreSQL 空闲连接已断开，将自动重连：', err.message));
    const db = drizzleNodePg(pool, { schema });
    return { db, kind: 'pg', close: () => pool.end() };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  // PGlite runs in a worker thread so that queries never block the event loop (DESIGN 5).
  const client = await PgliteProxy.create(options.pgliteDir, options.pgliteFrom ?? null);
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), dumpTo: (file) => client.dumpTo(file) };
}

/** Key of the PostgreSQL advisory lock that migrators take (any fixed number of this app's own). */
export const MIGRATION_LOCK_KEY = 220_422_001;

/**
 * Applies the committed drizzle-kit migrations; safe to call on every start. On PostgreSQL several
 * instances may start at once: each migrator takes a session advisory lock on its own connection
 * and migrates over that connection, so the second waits for the first and then finds nothing to
 * apply (two at once would both create the migrations table and apply the same files). The lock
 * goes with the connection if the process dies.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pg') {
    const pool = (database.db as Db & { $client: pg.Pool }).$client;
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // After a failure the connection is closed, not pooled: its lock (if still held) goes with it.
      client.release(failed);
    }
  } else {
    await migratePglite(database.db as any, { migrationsFolder });
  }
}
