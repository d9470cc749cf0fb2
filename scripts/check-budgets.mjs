// Size budgets of the web app, checked against the built files: for each route, the
// gzip size of every JS chunk the browser must load before the route's page renders (the entry,
// its layout and page, and their static imports, followed through Vite's manifest).
// `node scripts/check-budgets.mjs [distDir]`; BUDGET_SCALE=0.5 halves every budget (to see it fail).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));
const scale = Number(process.env.BUDGET_SCALE ?? 1);
const KB = 1000;

/**
 * Budgets in KB of gzip JS; `chunks` are manifest keys (sources) the route loads on first paint.
 * `target`, where set, is the budget not reached yet: `kb` is then today's ceiling, so the
 * check still fails on any growth, and the line says how far the target is (the target stays open).
 */
export const BUDGETS = [
  // The issue's 300 KB, reached (283 KB on 2026-11-24: bench/README.md, "web-load.ts and the size budgets").
  // `files`: on a slow line over HTTP/1.1 (six requests at a time) the number of files costs round
  // trips; the learner home's modules are folded into a few chunks (build/first-load.ts).
  {
    name: '学员首页 /web/index',
    kb: 300,
    files: 10,
    chunks: ['index.html', 'src/layouts/web/WebLayout.tsx', 'src/pages/web/index/index.tsx'],
  },
  { name: '考试页 /web/exam/start/:id', kb: 350, chunks: ['index.html', 'src/pages/web/exam/start/index.tsx'] },
  {
    name: '管理首页 /admin/dashboard',
    kb: 450,
    chunks: ['index.html', 'src/layouts/admin/AdminLayout.tsx', 'src/pages/admin/dashboard/index.tsx'],
  },
];

/** Files (JS) reached from `keys` through static imports. */
export function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}: was the page moved? update BUDGETS`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return [...files];
}

function main() {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`没有找到 ${manifestFile}：请先构建 web（npm run build -w @exam/web）`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  let failed = 0;
  for (const budget of BUDGETS) {
    const files = closure(manifest, budget.chunks);
    const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
    const limit = budget.kb * KB * scale;
    const ok = bytes <= limit && files.length <= (budget.files ?? Infinity);
    if (!ok) failed += 1;
    const target =
      budget.target && bytes > budget.target * KB * scale
        ? `; target ${(budget.target * scale).toFixed(0)} KB not reached, ${((bytes - budget.target * KB * scale) / KB).toFixed(1)} KB over`
        : '';
    console.log(
      `${ok ? '✓' : '✗'} ${budget.name}: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} JS files (budget ${(limit / KB).toFixed(0)} KB${budget.files ? `, ${budget.files} files` : ''}${target})`,
    );
  }
  console.log(`budgets: ${BUDGETS.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
