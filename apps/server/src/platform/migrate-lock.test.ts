/**
 * Two instances starting at once on a fresh PostgreSQL database (TEST_DATABASE_URL; PGlite is one
 * process): their migrators take turns on an advisory lock, so both start, and every migration is
 * applied once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl } from '../test/db-template.js';
import { migrationsFolder, openDatabase, runMigrations } from './db.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations (PostgreSQL only: two instances at once)', () => {
  it('lets two migrators start together on a fresh database: both succeed, each migration applied once', async () => {
    const adminUrl = url as string;
    const name = `migrate_lock_${process.pid}_${Date.now()}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const one = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), pgliteDir: null, poolSize: 2 });
    const two = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), pgliteDir: null, poolSize: 2 });
    try {
      const results = await Promise.allSettled([runMigrations(one), runMigrations(two)]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
      const applied = await one.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      // And a later start finds nothing to do.
      await runMigrations(one);
      const again = await one.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(again.rows[0]).toEqual({ n: journal.entries.length });
    } finally {
      await one.close();
      await two.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
