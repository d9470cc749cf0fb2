// `npm start`: builds the web app and the server when their build is missing or older than
// their sources, then runs the built server (plain JavaScript, no TypeScript loader).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const contracts = at('packages', 'contracts', 'src');
const targets = [
  {
    name: '@exam/web',
    output: at('apps', 'web', 'dist', 'index.html'),
    sources: [
      at('apps', 'web', 'src'),
      at('apps', 'web', 'index.html'),
      at('apps', 'web', 'public'),
      at('apps', 'web', 'vite.config.ts'),
      at('apps', 'web', 'build'),
      contracts,
    ],
  },
  {
    name: '@exam/server',
    output: at('apps', 'server', 'dist', 'main.js'),
    sources: [at('apps', 'server', 'src'), at('apps', 'server', 'build.mjs'), contracts],
  },
];

/** Builds one target. The web app is built aside and merged into dist with index.html last, so a
 *  server already serving dist (another test run on this machine) never sees missing assets. */
function buildTarget(target) {
  console.log(`构建 ${target.name} ...`);
  // Always a production build: Vite follows NODE_ENV, and the browser tests start this script
  // with NODE_ENV=test, which would otherwise ship React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  if (target.name !== '@exam/web') {
    execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: 'inherit', env });
    return;
  }
  const dist = at('apps', 'web', 'dist');
  const staging = at('apps', 'web', `dist-build-${process.pid}`);
  try {
    execSync(`npm run build -w ${target.name} -- --outDir ${staging} --emptyOutDir`, {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    fs.mkdirSync(dist, { recursive: true });
    for (const entry of fs.readdirSync(staging)) {
      if (entry !== 'index.html') fs.cpSync(path.join(staging, entry), path.join(dist, entry), { recursive: true });
    }
    fs.copyFileSync(path.join(staging, 'index.html'), path.join(dist, 'index.html.tmp'));
    fs.renameSync(path.join(dist, 'index.html.tmp'), path.join(dist, 'index.html'));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** One build at a time on this machine (parallel test runs share the checkout); stale locks expire. */
function withBuildLock(fn) {
  const lock = at('node_modules', '.exam-build.lock');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > 15 * 60_000) throw new Error('build lock held too long');
      else execSync('sleep 1');
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const isStale = (target) => mtime(target.output) < newestMtime(target.sources);
if (targets.some(isStale)) {
  withBuildLock(() => {
    for (const target of targets) if (isStale(target)) buildTarget(target);
  });
}

// `--build-only`: build what is stale and stop (the size budgets of `npm test` need the web build).
if (!process.argv.includes('--build-only')) {
  const child = spawn(process.execPath, ['--enable-source-maps', at('apps', 'server', 'dist', 'main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
