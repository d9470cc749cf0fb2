/**
 * What the benches share: a fresh database of their own for each run (a new PostgreSQL database
 * on BENCH_DATABASE_URL's server, or an embedded PGlite folder), migrated and seeded like a new
 * site; the machine's description for the report; and the report file under bench/results/.
 * learners with tokens written straight into it; the built server started on it;
 * A bench never runs on a database anyone else uses: its figures would measure their data, and
 * its thousands of rows would stay behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { sysRole, sysToken, sysUser, sysUserRole } from '../apps/server/src/db/schema/index.js';
import { startupHooks } from '../apps/server/src/modules/index.js';
import { hashToken } from '../apps/server/src/platform/auth.js';
import { prepareDatabase } from '../apps/server/src/platform/boot.js';
import { type Database, type Db, openDatabase } from '../apps/server/src/platform/db.js';

export const root = path.resolve(import.meta.dirname, '..');

export type DbKind = 'pg' | 'pglite';
/** The `--db` argument: 'pg' for PostgreSQL, anything else the embedded PGlite. */
export const dbKind = (arg: string | undefined): DbKind => (arg === 'pg' ? 'pg' : 'pglite');

export interface BenchDatabase {
  kind: DbKind;
  /** null on PGlite. */
  databaseUrl: string | null;
  /** The run's data folder (PGlite's files under pgdata/, uploads); a server started on it gets DATA_DIR. */
  dataDir: string;
  /** Opens the run's database (again: the server may have had it in between). */
  open(): Promise<Database>;
  /** Drops the PostgreSQL database and removes the data folder. */
  remove(): Promise<void>;
}

/**
 * A new, empty database for one run, migrated and seeded (the administrator, roles, the demo
 * data); PostgreSQL on BENCH_DATABASE_URL (default the local test server), dropped by `remove`.
 */
export async function createBenchDatabase(kind: DbKind, prefix: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  let databaseUrl: string | null = null;
  let drop = async () => {};
  if (kind === 'pg') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `exam_bench_${randomBytes(4).toString('hex')}`;
    await onServer(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const bench: BenchDatabase = {
    kind,
    databaseUrl,
    dataDir,
    open: () => openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : path.join(dataDir, 'pgdata') }),
    async remove() {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const database = await bench.open();
  await prepareDatabase(database, startupHooks, { seed: true });
  await database.close();
  return bench;
}

/** One statement outside any database's transaction (CREATE and DROP DATABASE cannot be in one). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `count` learners (role student) named `${prefix}0…`, each with a valid token, written straight
 * into the database in batches of 500: signing thousands in through argon2 would measure the
 * password hash, not the scenario. Answers the tokens in the learners' order.
 */
export async function insertLearners(
  db: Db,
  count: number,
  opts: { prefix: string; passwordHash: string },
): Promise<string[]> {
  const [student] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      userName: `${opts.prefix}${start + i}`,
      realName: `压测学员${start + i}`,
      passwordHash: opts.passwordHash,
    }));
    const users = await db.insert(sysUser).values(batch).returning({ id: sysUser.id });
    await db.insert(sysUserRole).values(users.map((u) => ({ userId: u.id, roleId: student.id })));
    const batchTokens = users.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sysToken).values(
      users.map((u, i) => ({
        tokenHash: hashToken(batchTokens[i]),
        userId: u.id,
        expiresAt: new Date(Date.now() + 86400_000),
      })),
    );
    tokens.push(...batchTokens);
  }
  return tokens;
}

/**
 * Starts the built server (apps/server/dist/main.js, or `entry`: an older build kept for a
 * before/after run) on `port` with `env` (DATA_DIR, DATABASE_URL)
 * and waits until it answers. BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof",
 * profiles it under load.
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string>,
  /** Pins the server to these CPUs from its start (taskset -c, e.g. "1"), threads included. */
  cpus?: string,
  /** Another build's entry (an older worktree's dist) to compare with. */
  entry = path.join(root, 'apps/server/dist/main.js'),
): Promise<ChildProcess> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [process.execPath, ...nodeArgs, entry];
  const [file, ...argv] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file, argv, {
    // BENCH_LOG_LEVEL=info measures the server as it logs in production (the default level).
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to two minutes: a first start migrates the database, and the machine is shared.
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/docs/json`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** bench/min-exam-server.ts on `port` (the exam day's baseline), pinned like the product when asked. */
export async function startMinimalServer(
  port: number,
  env: Record<string, string>,
  cpus?: string,
): Promise<ChildProcess> {
  const command = [process.execPath, '--import', 'tsx', path.join(root, 'bench/min-exam-server.ts')];
  const [file, ...argv] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file, argv, {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`, { method: 'POST', body: '{}' });
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the minimal server did not start');
}

/**
 * `--minimal`: the product made the run's exam through its API; it stops, and the minimal server
 * answers on the same database and port.
 */
export async function replaceWithMinimal(
  product: { kill(signal: NodeJS.Signals): unknown; once(event: 'exit', listener: () => void): unknown },
  port: number,
  env: Record<string, string>,
  cpus?: string,
): Promise<ChildProcess> {
  const exited = new Promise<void>((resolve) => product.once('exit', () => resolve()));
  product.kill('SIGTERM');
  await exited;
  return startMinimalServer(port, env, cpus);
}

/** The environment that points a server at the run's database. */
export const serverEnv = (bench: BenchDatabase): Record<string, string> => ({
  DATA_DIR: bench.dataDir,
  ...(bench.databaseUrl ? { DATABASE_URL: bench.databaseUrl } : {}),
});

/** The machine a figure was taken on: CPU model (as /proc/cpuinfo names it), cores, Node. */
export function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const cpu = (cpuinfo.match(/model name\s*:\s*(.*)/) ?? [])[1] ?? os.cpus()[0]?.model;
  return { cpu, cores: os.cpus().length, node: process.version };
}

/** The load average now (1, 5 and 15 minutes): what else the shared machine was doing. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Writes the run's report to bench/results/<name>.json (git-ignored). */
export function writeReport(name: string, report: unknown): void {
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report, null, 2));
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // fields[11] and [12] are utime and stime (the 14th and 15th of the whole line), in clock ticks of 1/100 s
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A process and its children (a primary's workers with WORKERS>1), pids. */
export function processTree(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.flatMap((c) => processTree(Number(c)))];
  } catch {
    return [pid];
  }
}

/** A process's peak resident memory so far (VmHWM), in MB; null when it is gone. */
export function processPeakRssMb(pid: number | undefined): number | null {
  return statusMb(pid, 'VmHWM');
}

/** A process's resident memory now (VmRSS), in MB; null when it is gone. */
export function processRssMb(pid: number | undefined): number | null {
  return statusMb(pid, 'VmRSS');
}

function statusMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** One timed call of a bench: its latency and whether the envelope said success. */
export type Sample = { ms: number; ok: boolean };

/** Calls, p50 / p99 / max latency (ms) and errors of a list of samples. */
export function percentiles(list: Sample[]) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
  return {
    calls: list.length,
    p50: +at(50).toFixed(1),
    p99: +at(99).toFixed(1),
    max: +at(100).toFixed(1),
    errors: list.filter((s) => !s.ok).length,
  };
}
