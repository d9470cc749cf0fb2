/**
 * Time to the learner's exam list on a slow line: Chromium with Chrome DevTools'
 * "Fast 3G" preset (CDP Network.emulateNetworkConditions: 150 ms × 3.75 ≈ 562.5 ms latency,
 * 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up), a signed-in learner opening /web/index with an empty cache,
 * until the first exam card (or the empty / failed state) is on screen. Also reports the JS
 * transferred. Runs the built server on a fresh embedded database; the web build to serve is
 * `--dist` (default apps/web/dist), so two builds can be compared.
 *
 *   npm run build                                  # web and server
 *   npx tsx bench/web-load.ts --runs 3 [--dist /path/to/web/dist] [--port 8470] [--shot /tmp/home.png]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const dist = path.resolve(arg('dist', path.join(root, 'apps', 'web', 'dist')));
const port = Number(arg('port', '8470'));
const runs = Number(arg('runs', '3'));
const shot = arg('shot', ''); // a PNG path: the page of the last run, once the list is shown

/** Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts). */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

/** The built server on a fresh embedded database, serving the web build `webDist` on `onPort`. */
export async function startServer(
  webDist = dist,
  onPort = port,
): Promise<{ child: ChildProcess; dataDir: string; base: string }> {
  const base = `http://127.0.0.1:${onPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-load-'));
  const child = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(onPort),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${base}/api/docs/json`)).ok) return { child, dataDir, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server did not start');
}

/** The demo learner's token. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'student', password: 'student123' }),
  });
  const json = (await res.json()) as { code: number; data: { token: string } };
  if (json.code !== 0) throw new Error(`login answered ${json.code}`);
  return json.data.token;
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`no web build in ${dist}`);
  const { child, dataDir, base } = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const results: { ms: number; jsKB: number; jsFiles: number }[] = [];
  try {
    const token = await login(base);
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: 'token', value: token, url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      let jsBytes = 0;
      let jsFiles = 0;
      const jsRequests = new Set<string>();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') jsRequests.add(e.requestId);
      });
      cdp.on('Network.loadingFinished', (e) => {
        if (jsRequests.has(e.requestId)) {
          jsBytes += e.encodedDataLength;
          jsFiles += 1;
        }
      });
      const started = Date.now();
      await page.goto(`${base}/web/index`);
      await page
        .locator('.exam-card, [data-testid="load-failed"], .ant-empty')
        .first()
        .waitFor({ state: 'visible', timeout: 120_000 });
      const ms = Date.now() - started;
      results.push({ ms, jsKB: jsBytes / 1000, jsFiles });
      console.log(
        `run ${i + 1}: exam list after ${ms} ms, ${jsFiles} JS files, ${(jsBytes / 1000).toFixed(1)} KB JS on the wire`,
      );
      if (shot && i === runs - 1) await page.screenshot({ path: shot, fullPage: true });
      await context.close();
    }
  } finally {
    await browser.close();
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`\n${dist}: median ${median} ms to the exam list on Fast 3G (${runs} runs)`);
  const outDir = path.join(root, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, `web-load-${Date.now()}.json`),
    JSON.stringify({ dist, network: FAST_3G, results, median }, null, 2),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
