/**
 * Child of the outbox kill -9 test: commits a change with its event, then starts delivering it
 * and hangs inside the consumer (after the consumer's write, before the commit) until killed.
 */
import { sysConfigItem } from '../db/schema/index.js';
import { openDatabase, runMigrations } from '../platform/db.js';
import { createDispatcher } from '../platform/events/dispatcher.js';
import { defineConsumer, publish } from '../platform/events/index.js';

const dir = process.argv[2];
const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
await runMigrations(database);
await database.db.transaction(async (tx) => {
  await tx.insert(sysConfigItem).values({ title: 'k9-change', value: '1' });
  await publish(tx, { name: 'notice.published', payload: { noticeId: 'k9' } });
});
process.stdout.write('committed\n');
setInterval(() => undefined, 1000);
const hang = defineConsumer({
  name: 'k9.effect',
  events: ['notice.published'],
  handle: async (_event, db) => {
    await db.insert(sysConfigItem).values({ title: 'k9-effect', value: 'child' });
    process.stdout.write('handling\n');
    await new Promise(() => undefined);
  },
});
await createDispatcher(database.db, [hang]).drain();
