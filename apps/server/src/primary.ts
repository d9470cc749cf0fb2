/**
 * WORKERS=n (or `auto`): one small box serves on all its cores. The primary migrates
 * and seeds the database once, then forks n server processes that share the port (Node's
 * cluster: the primary accepts and hands connections round robin) and forks a new one when one
 * dies. Each worker is a full instance as in docs/DEPLOY.md's several-instance set-up: PostgreSQL
 * and Redis are required (the token cache, rate limits and realtime fan out through Redis; the
 * sweeps and the outbox take their rows with SKIP LOCKED).
 */
import cluster from 'node:cluster';
import type { StartupHooks } from './platform/boot.js';
import { prepareDatabase, seedBlobStore } from './platform/boot.js';
import type { AppConfig } from './platform/config.js';
import { viewOrderSecret } from './platform/config.js';
import { openDatabase } from './platform/db.js';

/** Why this configuration cannot run several workers, or null when it can. */
export function workersRefusal(config: Pick<AppConfig, 'workers' | 'databaseUrl' | 'redisUrl'>): string | null {
  if (config.workers <= 1) return null;
  if (!config.databaseUrl) return 'WORKERS>1 需要 PostgreSQL（DATABASE_URL）：嵌入式数据库只能由一个进程打开';
  if (!config.redisUrl) return 'WORKERS>1 需要 Redis（REDIS_URL）：令牌缓存的失效、限流和实时消息要在进程间传递';
  return null;
}

/** Runs the primary: prepares the database, forks the workers, keeps them up, stops them on a signal. */
export async function runPrimary(config: AppConfig, hooks: StartupHooks): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null });
  const { seeded } = await prepareDatabase(database, hooks, { seed: true, seedBlobs: seedBlobStore(config) });
  await database.close();
  // One secret for all workers: a paper's option order must not depend on the process that answers.
  const env = { VIEW_ORDER_SECRET: viewOrderSecret(), EXAM_CLUSTER_SEEDED: seeded ? '1' : '0' };
  let stopping = false;
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < config.workers; i++) fork();
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w?.once('exit', () => {
        left--;
        if (left === 0) process.exit(0);
      });
      w?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
