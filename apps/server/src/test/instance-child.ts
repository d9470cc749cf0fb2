/**
 * One app instance for the multi-instance test (multi-instance.api.test.ts): the real app as
 * main.ts starts it (migrations, Redis when REDIS_URL is set, HTTP on PORT, the deadline sweep),
 * on the database of DATABASE_URL, with one more event consumer that records every delivery of
 * `paper.handedIn` it runs (a row per run, never merged), so the test can count them across
 * instances. argv: instance name, sweep interval in ms.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../app.js';
import { sysConfigItem } from '../db/schema/index.js';
import { startupHooks } from '../modules/index.js';
import { startPaperSweeper } from '../modules/sitting/sweep.js';
import { connectRedis, createDeps, prepareDatabase } from '../platform/boot.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { defineConsumer } from '../platform/events/index.js';

const [name = 'A', sweepMs = '300'] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null, poolSize: 8 });
await prepareDatabase(database, startupHooks, { seed: false });
const redis = connectRedis(config.redisUrl);
const counter = defineConsumer({
  name: 'test.delivery-count',
  events: ['paper.handedIn'],
  handle: async (event, db) => {
    await db
      .insert(sysConfigItem)
      .values({ title: `mi:${event.id}:${randomUUID()}`, value: `${name}:${event.payload.paperId}` });
  },
});
const app = await buildApp(createDeps(database, config, { redis }), { extraConsumers: [counter] });
await app.listen({ port: config.port, host: '127.0.0.1' });
startPaperSweeper(app.deps, Number(sweepMs));
process.stdout.write(`listening ${config.port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  redis?.disconnect();
  await database.close();
  process.exit(0);
});
