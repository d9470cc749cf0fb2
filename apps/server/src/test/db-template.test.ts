import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sysConfig, sysUser } from '../db/schema/index.js';
import { openDatabase } from '../platform/db.js';
import { once, pgliteTemplate, type TemplateRun } from './db-template.js';

const scratch: TemplateRun = { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'exam-once-')), runId: 'once' };
afterAll(() => fs.rmSync(scratch.dir, { recursive: true, force: true }));

describe('once', () => {
  it('builds once for concurrent callers, who all get the finished file', async () => {
    let builds = 0;
    const build = async (tmp: string) => {
      builds += 1;
      await sleep(200);
      fs.writeFileSync(tmp, 'done');
    };
    const files = await Promise.all([1, 2, 3].map(() => once(scratch, 'a', build)));
    expect(builds).toBe(1);
    for (const f of files) expect(fs.readFileSync(f, 'utf8')).toBe('done');
  });

  it('lets the next caller build after a failed build', async () => {
    await expect(once(scratch, 'b', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const file = await once(scratch, 'b', async (tmp) => fs.writeFileSync(tmp, 'ok'));
    expect(fs.readFileSync(file, 'utf8')).toBe('ok');
  });
});

describe('PGlite templates', () => {
  const run = inject('dbTemplateRun');

  it('copies are seeded or bare as asked, and independent of each other', async () => {
    const seeded = await pgliteTemplate(run, true);
    const a = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteFrom: seeded });
    const b = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteFrom: seeded });
    const bare = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteFrom: await pgliteTemplate(run, false),
    });
    try {
      expect(await a.db.select().from(sysConfig)).toHaveLength(1);
      expect(await bare.db.select().from(sysConfig)).toHaveLength(0);
      await a.db.delete(sysUser);
      expect(await a.db.select().from(sysUser)).toHaveLength(0);
      expect((await b.db.select().from(sysUser)).length).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.close(), b.close(), bare.close()]);
    }
  }, 120_000); // builds both templates when no API test file of this run has
});
