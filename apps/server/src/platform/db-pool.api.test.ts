/** PostgreSQL only: a connection the server closes must not end the process, and the pool recovers. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, isPgRun } from '../test/test-app.js';

describe('PostgreSQL pool', () => {
  it.runIf(isPgRun())('survives the server terminating its idle connections', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const [{ db: name }] = (await t.db.execute(sql`select current_database() as db`)).rows as { db: string }[];
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Without a pool 'error' listener the terminated idle client would raise an unhandled error.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await t.db.execute(sql`select 1 as one`);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await t.close();
    }
  });
});
