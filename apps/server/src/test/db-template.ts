/**
 * API test databases copied from a template. Starting PGlite from nothing (initdb) and migrating
 * and seeding it took about 6 s of every API test file; starting it from a dump of a prepared
 * database takes well under one. So the first file of a run that needs a database builds the
 * template (one for seeded, one for unseeded databases) and every file copies it: PGlite loads the
 * dump (`loadDataDir`), PostgreSQL uses `CREATE DATABASE … TEMPLATE`.
 *
 * The vitest global setup (global-setup.ts) gives each run a folder and an id; files run in
 * parallel workers, so the build is guarded by a lock folder and the others wait for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startupHooks } from '../modules/index.js';
import { prepareDatabase } from '../platform/boot.js';
import { openDatabase } from '../platform/db.js';

/** What the global setup provides to the test files. */
export interface TemplateRun {
  /** Folder of this run's PGlite dumps and marker files; removed at the end of the run. */
  dir: string;
  /** Part of the PostgreSQL template names, so that concurrent runs never share one. */
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplateRun: TemplateRun;
  }
}

const BUILD_TIMEOUT_MS = 180_000;

/** Runs `build` once per run across worker processes: the first caller builds, the rest wait. */
export async function once(run: TemplateRun, name: string, build: (tmpFile: string) => Promise<void>): Promise<string> {
  const done = path.join(run.dir, name);
  const lock = `${done}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!fs.existsSync(done)) {
    if (Date.now() > deadline) throw new Error(`测试数据库模板 ${name} 构建超时`);
    try {
      fs.mkdirSync(lock);
    } catch {
      await sleep(100); // another worker is building it
      continue;
    }
    try {
      if (!fs.existsSync(done)) {
        const tmp = `${done}.tmp`;
        await build(tmp);
        fs.renameSync(tmp, done); // atomic: waiters never see half a file
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true }); // after a failed build the next waiter tries
    }
  }
  return done;
}

/** A PGlite dump of a migrated (and, when `seed`, seeded) database. */
export function pgliteTemplate(run: TemplateRun, seed: boolean): Promise<string> {
  return once(run, `pglite-${seed ? 'seeded' : 'bare'}.tar`, async (tmp) => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    try {
      await prepareDatabase(database, startupHooks, { seed });
      await database.dumpTo?.(tmp);
    } finally {
      await database.close();
    }
  });
}

export const pgTemplateName = (run: TemplateRun, seed: boolean): string =>
  `exam_tmpl_${run.runId}_${seed ? 'seeded' : 'bare'}`;

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL template database; answers its name. Nobody stays connected to it (a copy needs that). */
export async function pgTemplate(run: TemplateRun, adminUrl: string, seed: boolean): Promise<string> {
  const name = pgTemplateName(run, seed);
  await once(run, `${name}.pg`, async (tmp) => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), pgliteDir: null, poolSize: 2 });
    try {
      await prepareDatabase(database, startupHooks, { seed });
    } finally {
      await database.close();
    }
    fs.writeFileSync(tmp, name);
  });
  return name;
}

/** Drops this run's PostgreSQL templates (called by the global teardown). */
export async function dropPgTemplates(run: TemplateRun, adminUrl: string): Promise<void> {
  for (const seed of [true, false]) {
    if (fs.existsSync(path.join(run.dir, `${pgTemplateName(run, seed)}.pg`))) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${pgTemplateName(run, seed)} WITH (FORCE)`);
    }
  }
}
