/**
 * Builds the real app on a fresh database for an API test file: in-memory PGlite by default, a
 * throw-away PostgreSQL database when TEST_DB_KIND=pg (the vitest project "server-pg"); both are
 * copies of the run's migrated (and seeded) template (db-template.ts).
 */

import { randomBytes } from 'node:crypto';
import { type BodyIn, type DataOut, type JsonEndpoint, sysUserLogin } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.js';
import { startupHooks } from '../modules/index.js';
import { createDeps, localBlobStore, prepareDatabase } from '../platform/boot.js';
import { type AppConfig, loadConfig } from '../platform/config.js';
import { type Database, type Db, openDatabase } from '../platform/db.js';
import type { Clock } from '../platform/deps.js';
import type { BlobStore } from '../platform/storage/blob-store.js';
import { adminQuery, databaseUrl, pgliteTemplate, pgTemplate, type TemplateRun } from './db-template.js';

export interface ApiAnswer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'pg';
  /** POSTs JSON to an API path, with a token when given, and answers the parsed envelope. */
  call<T = any>(path: string, body?: unknown, token?: string | null): Promise<ApiAnswer<T>>;
  /** `call` typed from an endpoint object: the body its schema takes, the data it answers. */
  request<E extends JsonEndpoint>(ep: E, body: BodyIn<E>, token?: string | null): Promise<ApiAnswer<DataOut<E>>>;
  /** Signs in and answers the token; fails the test when sign-in fails. */
  login(userName: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const isPgRun = (): boolean => process.env.TEST_DB_KIND === 'pg';

/** A throw-away PostgreSQL database: a copy of the run's template, or empty without one. */
export async function createPgDatabase(
  run: TemplateRun | undefined,
  seed: boolean,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=pg needs TEST_DATABASE_URL');
  const name = `exam_t_${randomBytes(6).toString('hex')}`;
  const template = run ? await pgTemplate(run, adminUrl, seed) : null;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Opens this file's database, copied from the run's template when the global setup gave one. */
async function openTestDatabase(seed: boolean): Promise<{ database: Database; drop?: () => Promise<void> }> {
  const run = inject('dbTemplateRun');
  if (isPgRun()) {
    const pgDb = await createPgDatabase(run, seed);
    return { database: await openDatabase({ databaseUrl: pgDb.url, pgliteDir: null, poolSize: 10 }), drop: pgDb.drop };
  }
  const pgliteFrom = run ? await pgliteTemplate(run, seed) : null;
  return { database: await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteFrom }) };
}

export interface TestAppOptions {
  seed?: boolean;
  clock?: Clock;
  /** Settings that differ from a default test process (limits, timeouts). */
  config?: Partial<AppConfig>;
  /** Logger options, e.g. `{ level: 'info', stream }` to capture the log. */
  logger?: BuildAppOptions['logger'];
  /** Another storage backend in front of the local folder (e.g. one without local paths). */
  blobs?: (local: BlobStore) => BlobStore;
  /** A Redis connection (REDIS_URL of the process); none by default. */
  redis?: Redis | null;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const { database, drop } = await openTestDatabase(seed);
  // On a template copy this only checks (and applies migrations added since the run began).
  await prepareDatabase(database, startupHooks, { seed });
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/exam-test-${process.pid}` }), ...options.config };
  const blobs = options.blobs?.(localBlobStore(database.db, config.dataDir));
  const app = await buildApp(createDeps(database, config, { clock: options.clock, blobs, redis: options.redis }), {
    logger: options.logger,
  });
  await app.ready();

  const call = async <T>(path: string, body: unknown = {}, token?: string | null): Promise<ApiAnswer<T>> => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      headers: token ? { token } : {},
    });
    return res.json() as ApiAnswer<T>;
  };

  const request: TestApp['request'] = (ep, body, token) => call(ep.path, body, token);

  return {
    app,
    db: database.db,
    kind: database.kind,
    call,
    request,
    async login(userName, password) {
      const res = await request(sysUserLogin, { userName, password });
      if (res.code !== 0) throw new Error(`login ${userName} failed: ${res.code} ${res.msg}`);
      return res.data.token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
    },
  };
}
