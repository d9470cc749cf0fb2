/**
 * Builds the real app on a fresh database for an API test file: in-memory PGlite by default, a
 * throw-away PostgreSQL database when TEST_DB_KIND=pg (the vitest project "server-pg").
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.js';
import { createDeps, prepareDatabase } from '../platform/boot.js';
import { type AppConfig, loadConfig } from '../platform/config.js';
import { type Database, type Db, openDatabase } from '../platform/db.js';
import type { Clock } from '../platform/deps.js';

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
  /** Signs in and answers the token; fails the test when sign-in fails. */
  login(userName: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const isPgRun = (): boolean => process.env.TEST_DB_KIND === 'pg';

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=pg needs TEST_DATABASE_URL');
  const name = `exam_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  seed?: boolean;
  clock?: Clock;
  /** Settings that differ from a default test process (limits, timeouts). */
  config?: Partial<AppConfig>;
  /** Logger options, e.g. `{ level: 'info', stream }` to capture the log. */
  logger?: BuildAppOptions['logger'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const pgDb = isPgRun() ? await createPgDatabase() : null;
  const database: Database = await openDatabase({ databaseUrl: pgDb?.url ?? null, pgliteDir: null, poolSize: 10 });
  await prepareDatabase(database, { seed: options.seed ?? true });
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/exam-test-${process.pid}` }), ...options.config };
  const app = await buildApp(createDeps(database, config, { clock: options.clock }), { logger: options.logger });
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

  return {
    app,
    db: database.db,
    kind: database.kind,
    call,
    async login(userName, password) {
      const res = await call<{ token: string }>('/api/sys/user/login', { userName, password });
      if (res.code !== 0) throw new Error(`login ${userName} failed: ${res.code} ${res.msg}`);
      return res.data.token;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
