/**
 * The dispatchers' wake channel on PostgreSQL: LISTEN on one dedicated connection (a pooled one
 * would lose the subscription when returned), NOTIFY through the pool. A dropped listening
 * connection is re-opened after a pause; meanwhile the periodic sweep still delivers.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db.js';
import type { WakeChannel } from './dispatcher.js';

const CHANNEL = 'exam_outbox';
const RECONNECT_MS = 5000;

export function pgWakeChannel(connectionString: string, db: Db): WakeChannel {
  return {
    async notify() {
      await db.execute(sql`select pg_notify(${CHANNEL}, '')`).catch(() => undefined);
    },
    async listen(onWake) {
      let client: pg.Client | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | null = null;
      const open = async (): Promise<void> => {
        const c = new pg.Client({ connectionString });
        c.on('notification', () => onWake());
        c.on('error', () => {
          if (closed) return;
          c.end().catch(() => undefined);
          client = null;
          retry = setTimeout(() => open().catch(() => undefined), RECONNECT_MS);
          retry.unref();
        });
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
        client = c;
      };
      await open();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
