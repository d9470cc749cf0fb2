// @vitest-environment node
// The size-budget script of `npm test` (scripts/check-budgets.mjs), run on a made-up build.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { BUDGETS, closure } from '../../../scripts/check-budgets.mjs';

const script = path.resolve(__dirname, '../../../scripts/check-budgets.mjs');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Budget = { name: string; kb: number; chunks: string[] };

/** A dist folder whose every budget route loads one shared chunk plus its own chunk of `kb` KB (gzip ≈ raw: random bytes). */
function fakeDist(kbOf: (budget: Budget) => number): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const manifest: Record<string, { file: string; imports?: string[] }> = {
    _shared: { file: 'assets/shared.js' },
  };
  fs.writeFileSync(path.join(dist, 'assets/shared.js'), crypto.randomBytes(10_000).toString('base64'));
  (BUDGETS as Budget[]).forEach((budget, i) => {
    for (const key of budget.chunks) {
      if (manifest[key]) continue;
      const file = `assets/chunk-${i}-${Object.keys(manifest).length}.js`;
      manifest[key] = { file, imports: ['_shared'] };
      fs.writeFileSync(path.join(dist, file), '');
    }
    const own = manifest[budget.chunks[budget.chunks.length - 1] as string];
    // base64 of random bytes gzips to about 3/4 of its length
    if (own)
      fs.writeFileSync(
        path.join(dist, own.file),
        crypto.randomBytes(Math.round(kbOf(budget) * 1000)).toString('base64'),
      );
  });
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

const runScript = (dist: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script, dist], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('check-budgets', () => {
  it('follows static imports once each', () => {
    const manifest = {
      a: { file: 'a.js', imports: ['b', 'c'] },
      b: { file: 'b.js', imports: ['c'] },
      c: { file: 'c.css' },
    };
    expect(closure(manifest, ['a'])).toEqual(['a.js', 'b.js']);
    expect(() => closure(manifest, ['missing'])).toThrow(/no chunk for missing/);
  });

  it('passes when every route is under its budget', () => {
    const res = runScript(fakeDist((b) => b.kb / 4));
    expect(res.stdout).toContain(`budgets: ${BUDGETS.length} passed, 0 failed`);
    expect(res.status).toBe(0);
  });

  it('fails, naming the route, when one route is over its budget', () => {
    const over = (BUDGETS as Budget[])[0] as Budget;
    const res = runScript(fakeDist((b) => (b === over ? b.kb * 1.2 : b.kb / 4)));
    expect(res.status).toBe(1);
    expect(res.stdout).toContain(`✗ ${over.name}`);
    expect(res.stdout).toContain(`budgets: ${BUDGETS.length - 1} passed, 1 failed`);
  });

  it('fails every route when the budgets are scaled down (BUDGET_SCALE)', () => {
    const res = runScript(
      fakeDist((b) => b.kb / 4),
      { BUDGET_SCALE: '0.1' },
    );
    expect(res.status).toBe(1);
    expect(res.stdout).toContain(`budgets: 0 passed, ${BUDGETS.length} failed`);
  });

  it('says the web is not built when there is no manifest', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
    dirs.push(empty);
    const res = runScript(empty);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('请先构建 web');
  });
});
