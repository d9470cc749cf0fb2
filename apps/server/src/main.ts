/**
 * Starts the platform: database (embedded PGlite or PostgreSQL), migrations, demo data, HTTP server.
 * With WORKERS>1 this process is the primary (primary.ts) and each worker runs the server.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.js';
import { demoAccounts } from './demo-accounts.js';
import { startCandidateRetention } from './modules/candidate/org/retention.js';
import { startupHooks } from './modules/index.js';
import { startLiveReminder } from './modules/live/live.module.js';
import { liveStartRefusal } from './modules/live/live-settings.js';
import { startNoticeSweeper } from './modules/notice/notice.module.js';
import { startProctorSweepers } from './modules/proctor/proctor.module.js';
import { startPaperSweeper } from './modules/sitting/sweep.js';
import { startChallengeSweeper } from './modules/system/face/challenge.service.js';
import { startQuStatsSweeper } from './modules/train/train.module.js';
import { connectRedis, createDeps, prepareDatabase, seedBlobStore } from './platform/boot.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { repoRoot } from './platform/paths.js';
import { testClockFromEnv } from './platform/test-clock.js';
import { runPrimary, workersRefusal } from './primary.js';

const config = loadConfig();
config.webDistDir ??= path.join(repoRoot, 'apps', 'web', 'dist');
const refusal = workersRefusal(config) ?? liveStartRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config, startupHooks);
} else {
  await startServer();
}

/** One server process: the whole platform, or one of the primary's workers. */
async function startServer(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
  });
  // A worker finds the database ready: the primary migrated and seeded it once.
  const { seeded } = cluster.isWorker
    ? { seeded: process.env.EXAM_CLUSTER_SEEDED === '1' }
    : await prepareDatabase(database, startupHooks, { seed: true, seedBlobs: seedBlobStore(config) });
  const redis = connectRedis(config.redisUrl);
  // Browser tests only (NODE_ENV=test and EXAM_TEST_CLOCK=1): a movable clock; null otherwise.
  const testClock = testClockFromEnv();
  const app = await buildApp(createDeps(database, config, { redis, clock: testClock?.clock }), {
    logger: { level: config.logLevel },
  });

  testClock?.register(app);
  await app.listen({ port: config.port, host: config.host });
  startPaperSweeper(app.deps, 10_000, (err) => app.log.error({ err }, '试卷到时交卷任务失败'));
  startNoticeSweeper(app.deps, 15_000, (err) => app.log.error({ err }, '定时公告发布任务失败'));
  startLiveReminder(app.deps, 30_000, (err) => app.log.error({ err }, '直播开播提醒任务失败'));
  startQuStatsSweeper(app.deps, 30_000, (err) => app.log.error({ err }, '试题统计更新任务失败'));
  startProctorSweepers(app.deps, app.log);
  startChallengeSweeper(app.deps, (err) => app.log.error({ err }, '过期人脸核验记录清理任务失败'));
  startCandidateRetention(app.deps, 3_600_000, (err) => app.log.error({ err }, '考生个人信息到期删除任务失败'));

  // With workers the first one speaks for all.
  if (!cluster.isWorker || cluster.worker?.id === 1) printBanner(database.kind, seeded);

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(kind: string, seeded: boolean): void {
  const url = `http://localhost:${config.port}`;
  const store = kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `嵌入式 PGlite: ${path.join(config.dataDir, 'pgdata')}`;
  console.log(`\n在线考试培训平台已启动: ${url}`);
  console.log(`数据库: ${store}${seeded ? '（已写入演示数据）' : ''}`);
  console.log(`接口文档: ${url}/api/docs`);
  console.log('演示账号:');
  for (const a of demoAccounts()) console.log(`  ${a.userName.padEnd(10)} / ${a.password.padEnd(11)} ${a.realName}`);
}
