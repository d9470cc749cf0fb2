/**
 * The dispatchers' wake channel on a real PostgreSQL server (TEST_DATABASE_URL; PGlite is one
 * process, where the publishing dispatcher is kicked in-process): a NOTIFY from one instance's pool
 * reaches another's LISTEN connection, and a stopped listener hears nothing more.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db.js';
import { pgWakeChannel } from './pg-wake.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('outbox wake channel (PostgreSQL only: LISTEN/NOTIFY)', () => {
  it('wakes a peer listening on its own connection', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzle(pool) as unknown as Db;
    try {
      const listener = pgWakeChannel(url as string, db);
      const notifier = pgWakeChannel(url as string, db);
      let wakes = 0;
      let woke: () => void = () => undefined;
      const first = new Promise<void>((r) => {
        woke = r;
      });
      const stop = await listener.listen(() => {
        wakes++;
        woke();
      });
      await notifier.notify();
      await first;
      expect(wakes).toBe(1);
      await stop();
      await notifier.notify();
      await new Promise((r) => setTimeout(r, 300));
      expect(wakes).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
