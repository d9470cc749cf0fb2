// What a route's first paint loads: builds the web app into a temporary folder, then
// lists the gzip size of each JS chunk the route loads before it renders (the chunks of the size
// budget, scripts/check-budgets.mjs) and an estimate per package (a chunk's gzip size shared out
// by its modules' rendered length). Use it to find what to cut before changing a budget.
//   node scripts/route-weight.mjs                       # the learner home
//   node scripts/route-weight.mjs '考试页'               # a budget by (part of) its name
//   TOP=80 node scripts/route-weight.mjs               # more packages
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { BUDGETS, closure } from './check-budgets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps', 'web');
const { build } = await import(createRequire(path.join(webRoot, 'package.json')).resolve('vite'));

/** Package of a module id: `react-dom`, `@tanstack/query-core`, antd by component (`antd/es/select`), or the repo folder. */
function packageOf(id) {
  const inModules = id.split('node_modules/').pop();
  if (inModules === id) return path.relative(root, id).split(path.sep).slice(0, 4).join('/');
  const parts = inModules.split('/');
  const name = parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join('/');
  if (name === 'antd') return parts.slice(0, 3).join('/');
  return name;
}

const wanted = process.argv[2] ?? '学员首页';
const budget = BUDGETS.find((b) => b.name.includes(wanted));
if (!budget) throw new Error(`no budget named like ${wanted}: ${BUDGETS.map((b) => b.name).join(', ')}`);

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'route-weight-'));
const modulesOf = {};
try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
    plugins: [
      {
        name: 'route-weight',
        generateBundle(_options, bundle) {
          for (const [file, chunk] of Object.entries(bundle)) {
            if (chunk.type !== 'chunk') continue;
            modulesOf[file] = Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength]);
          }
        },
      },
    ],
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8'));
  const files = closure(manifest, budget.chunks);
  const rows = [];
  const byPackage = new Map();
  for (const file of files) {
    const gzip = zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
    rows.push([gzip, file]);
    const modules = modulesOf[file] ?? [];
    const raw = modules.reduce((sum, [, length]) => sum + length, 0) || 1;
    for (const [id, length] of modules) {
      const name = packageOf(id);
      byPackage.set(name, (byPackage.get(name) ?? 0) + (gzip * length) / raw);
    }
  }
  const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
  const total = rows.reduce((sum, [gzip]) => sum + gzip, 0);
  console.log(`${budget.name}: ${kb(total).trim()} KB gzip in ${files.length} JS files (budget ${budget.kb} KB)\n`);
  for (const [gzip, file] of rows.sort((a, b) => b[0] - a[0])) console.log(`${kb(gzip)}  ${file}`);
  console.log('\nby package (estimate):');
  const top = Number(process.env.TOP ?? 40);
  for (const [name, gzip] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${kb(gzip)}  ${name}`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
