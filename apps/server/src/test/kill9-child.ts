/** Child of the kill -9 test: inserts rows into an embedded database and prints each acknowledged id. */
import { sysConfigItem } from '../db/schema/index.js';
import { openDatabase, runMigrations } from '../platform/db.js';

const dir = process.argv[2];
const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
await runMigrations(database);
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  await database.db.insert(sysConfigItem).values({ title: `k9-${i}`, value: String(i) });
  process.stdout.write(`ack ${i}\n`);
}
