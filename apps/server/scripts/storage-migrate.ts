/**
 * `npm run storage:migrate`: copies the local folder (DATA_DIR, and the storage folder of the site
 * config) into the bucket named by STORAGE=s3 and S3_* (docs/DEPLOY.md "Object storage"). Safe to
 * run again; nothing local is deleted. With the embedded database, stop the server first (one
 * process opens PGlite at a time); with PostgreSQL it can run beside the instances.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sysConfig } from '../src/db/schema/index.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db.js';
import { migrateLocalToStore } from '../src/platform/storage/migrate-local.js';
import { S3BlobStore } from '../src/platform/storage/s3-blob-store.js';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('请先设置 STORAGE=s3 以及 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY（见 docs/DEPLOY.md）');
  process.exit(2);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
  poolSize: 2,
});
let storageDir: string | null = null;
try {
  const [row] = await database.db.select({ dir: sysConfig.storageDir }).from(sysConfig).where(eq(sysConfig.id, '1'));
  storageDir = row?.dir ?? null;
} catch (err) {
  // A database the server never started on has no site config yet: DATA_DIR alone is copied.
  console.warn(`读取站点配置的存储目录失败，只复制 ${config.dataDir}：${(err as Error).message}`);
} finally {
  await database.close();
}
const target = new S3BlobStore(config.storage);
await target.check();
console.log(`把 ${config.dataDir}${storageDir ? ` 和 ${storageDir}` : ''} 复制到存储桶 ${config.storage.bucket} …`);
const report = await migrateLocalToStore({ dataDir: config.dataDir, storageDir, target, log: console.log });
target.close();
console.log(
  `完成：复制 ${report.copied} 个（${report.bytes} 字节），已存在跳过 ${report.skipped} 个，失败 ${report.failed.length} 个`,
);
for (const f of report.failed) console.log(`  失败 ${f.file}：${f.reason}`);
process.exit(report.failed.length ? 1 : 0);
