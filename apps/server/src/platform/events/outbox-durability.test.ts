/**
 * A crash between the commit of a change and the delivery of its event loses nothing: the child
 * commits a change with its event, starts the consumer and is killed (-9) inside it; after a
 * restart the event is delivered, its effect exists exactly once, and a second round does nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfigItem, sysEvent, sysEventDelivery } from '../../db/schema/index.js';
import { openDatabase } from '../db.js';
import { serverRoot } from '../paths.js';
import { createDispatcher } from './dispatcher.js';
import { defineConsumer } from './index.js';

describe('outbox durability', () => {
  it('delivers an event once after kill -9 between commit and delivery', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-outbox-k9-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(serverRoot, 'src/test/outbox-kill9-child.ts'), dir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        seen.push(...chunk.toString().split('\n').filter(Boolean));
        if (seen.includes('handling')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => resolve());
    });
    expect(seen).toEqual(['committed', 'handling']);

    const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    try {
      let calls = 0;
      const effect = defineConsumer({
        name: 'k9.effect',
        events: ['notice.published'],
        handle: async (event, db) => {
          calls++;
          expect(event.payload).toEqual({ noticeId: 'k9' });
          await db.insert(sysConfigItem).values({ title: 'k9-effect', value: 'restarted' });
        },
      });
      const dispatcher = createDispatcher(database.db, [effect]);
      expect(await dispatcher.drain()).toBe(1);
      expect(await dispatcher.drain()).toBe(0);
      expect(calls).toBe(1);
      const rows = await database.db.select().from(sysConfigItem).where(like(sysConfigItem.title, 'k9-%'));
      expect(rows.map((r) => `${r.title}=${r.value}`).sort()).toEqual(['k9-change=1', 'k9-effect=restarted']);
      expect(await database.db.select().from(sysEventDelivery)).toEqual([]);
      expect(await database.db.select().from(sysEvent)).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
