// `npm test`: every suite of the project (vitest: contracts, server on PGlite and PostgreSQL,
// web; the size budgets of the built web app; Playwright: browser tests), then one line summing them for CI: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

const vitestFile = path.join(results, 'vitest.json');
fs.rmSync(vitestFile, { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestStatus !== 0 && (!vitest || vitest.numFailedTests === 0)) totals.failed += 1; // a suite that crashed before counting

// The size budgets of the web app against the built files: one suite in the count.
// The build is made (or refreshed) first; a failed build counts as a failed suite too.
const buildStatus = run('node', ['scripts/start.mjs', '--build-only']);
const budgetStatus = buildStatus === 0 ? run('node', ['scripts/check-budgets.mjs']) : 1;
if (budgetStatus === 0) totals.passed += 1;
else totals.failed += 1;

let e2eStatus = 0;
if (process.env.SKIP_E2E !== '1') {
  const pwFile = path.join(results, 'playwright.json');
  fs.rmSync(pwFile, { force: true });
  e2eStatus = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
  });
  const pw = readJson(pwFile);
  if (pw) {
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
  }
  if (e2eStatus !== 0 && (!pw || pw.stats.unexpected === 0)) totals.failed += 1;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestStatus !== 0 || budgetStatus !== 0 || e2eStatus !== 0 || totals.failed > 0 ? 1 : 0);
