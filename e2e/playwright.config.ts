/**
 * Browser tests drive Debian's Chromium against the built product on a fresh embedded database.
 * Never downloads a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `/tmp/exam-e2e-${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    env: { PORT: String(E2E_PORT), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', EXAM_TEST_CLOCK: '1' },
    url: `http://localhost:${E2E_PORT}/api/docs/json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
