/**
 * The learner's first load on a slow phone line, two web builds side by side.
 * Chrome DevTools' "Fast 3G" preset (web-load.ts FAST_3G: 562.5 ms latency, 180 KB/s down, 84.4 KB/s
 * up) through CDP Network.emulateNetworkConditions, the cache disabled, a signed-in learner at
 * 390 px opening /web/index until the first exam card is on screen. The builds are loaded in turn
 * (A B A B …: a change in the machine's load falls on both), each by its own server on a fresh
 * embedded database. `--waterfall` prints the requests of each build's last run: when each one
 * started and ended, which shows the chain of discoveries the page waits for.
 *
 *   npm run build -w @exam/server
 *   npx tsx bench/fast3g.ts --before /tmp/web-before/dist --after apps/web/dist [--runs 3] [--waterfall]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { FAST_3G, login, startServer } from './web-load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const runs = Number(arg('runs', '3'));
const port = Number(arg('port', '8471'));
const waterfall = process.argv.includes('--waterfall');
const builds = [
  { name: 'before', dist: path.resolve(arg('before', path.join(root, 'apps', 'web', 'dist'))) },
  { name: 'after', dist: path.resolve(arg('after', path.join(root, 'apps', 'web', 'dist'))) },
];

interface Request {
  url: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
}
interface Run {
  ms: number;
  jsKB: number;
  jsFiles: number;
  requests: Request[];
}

async function loadOnce(browser: Browser, base: string, token: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  const byId = new Map<string, Request>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!t0) t0 = e.timestamp;
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? '', start: e.timestamp - t0, end: 0, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp - t0, bytes: e.encodedDataLength });
  });
  const started = Date.now();
  await page.goto(`${base}/web/index`);
  await page
    .locator('.exam-card, [data-testid="load-failed"], .ant-empty')
    .first()
    .waitFor({ state: 'visible', timeout: 120_000 });
  const ms = Date.now() - started;
  await context.close();
  const requests = [...byId.values()].sort((a, b) => a.start - b.start);
  const js = requests.filter((r) => r.type === 'Script' && r.end);
  return { ms, jsKB: js.reduce((s, r) => s + r.bytes, 0) / 1000, jsFiles: js.length, requests };
}

function printWaterfall(name: string, run: Run) {
  console.log(`\n${name}: requests of the last run (s from the first request)`);
  for (const r of run.requests) {
    const url = r.url.replace(/^https?:\/\/[^/]+/, '');
    console.log(
      `${r.start.toFixed(2).padStart(6)} → ${r.end ? r.end.toFixed(2).padStart(6) : '     -'}  ${(r.bytes / 1000).toFixed(1).padStart(6)} KB  ${r.type.padEnd(10)} ${url}`,
    );
  }
}

async function main() {
  const servers = [];
  for (const [i, build] of builds.entries()) servers.push(await startServer(build.dist, port + i));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const results: Run[][] = builds.map(() => []);
  try {
    const tokens = await Promise.all(servers.map((s) => login(s.base)));
    for (let round = 0; round < runs; round++) {
      for (const [i, build] of builds.entries()) {
        const run = await loadOnce(browser, servers[i].base, tokens[i]);
        results[i].push(run);
        console.log(
          `${build.name} run ${round + 1}: exam list after ${run.ms} ms, ${run.jsFiles} JS files, ${run.jsKB.toFixed(1)} KB JS on the wire`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) {
      s.child.kill();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nmachine: ${os.cpus()[0]?.model}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1))}`,
  );
  for (const [i, build] of builds.entries()) {
    const ms = results[i].map((r) => r.ms).sort((a, b) => a - b);
    const last = results[i][results[i].length - 1];
    console.log(
      `${build.name} (${build.dist}): median ${ms[Math.floor(ms.length / 2)]} ms (${results[i].map((r) => r.ms).join(', ')}), ${last.jsFiles} JS files, ${last.jsKB.toFixed(1)} KB JS`,
    );
    if (waterfall) printWaterfall(build.name, last);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
