// `npm run typecheck`: the four TypeScript projects, two at a time (one tsc uses about one core;
// one after the other they took a minute of the CI run on two cores). Fails if any fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['packages/contracts', 'apps/server', 'apps/web', 'e2e'];
const AT_ONCE = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ project, code: code ?? 1, out }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    while (queue.length) results.push(await check(queue.shift()));
  }),
);
for (const r of results) {
  if (r.out.trim()) process.stdout.write(`── tsc -p ${r.project}\n${r.out}`);
  console.log(`${r.code === 0 ? '✓' : '✗'} tsc -p ${r.project}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
