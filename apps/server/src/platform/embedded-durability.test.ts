/**
 * DESIGN 5: PGlite never fsyncs, but commits reach the OS at once, so a kill -9 of the process
 * must lose no acknowledged write. This test kills a writer mid-stream and counts what survived.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfigItem } from '../db/schema/index.js';
import { openDatabase } from './db.js';
import { serverRoot } from './paths.js';

describe('embedded database durability', () => {
  it('keeps every acknowledged insert after kill -9', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-k9-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/test/kill9-child.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lastAck = -1;
    await new Promise<void>((resolve) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('ack ')) lastAck = Number(line.slice(4));
          if (lastAck >= 300) {
            child.kill('SIGKILL');
            resolve();
          }
        }
      });
      child.on('exit', () => resolve());
    });
    expect(lastAck).toBeGreaterThanOrEqual(300);

    const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    const rows = await database.db
      .select({ title: sysConfigItem.title })
      .from(sysConfigItem)
      .where(like(sysConfigItem.title, 'k9-%'));
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    const stored = new Set(rows.map((r) => r.title));
    const lost = Array.from({ length: lastAck + 1 }, (_, i) => `k9-${i}`).filter((t) => !stored.has(t));
    expect(lost).toEqual([]);
  }, 60_000);
});
