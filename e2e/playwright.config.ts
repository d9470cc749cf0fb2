/**
 * Browser tests drive Debian's Chromium against the built product on a fresh embedded database.
 * Never downloads a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */
import { defineConfig, devices } from '@playwright/test';

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
  /**
   * Issue 12 §1: the learner specs (learner-*.spec.ts) also run on phone emulation, Chromium only
   * (Debian's): an iPhone 14 screen (390×844, Safari's user agent, touch) and a mid-range Android
   * (360×800). Only those specs, to keep the run short; learner-phone.spec.ts is phones only.
   */
  projects: [
    { name: 'desktop', testIgnore: /learner-phone\.spec\.ts/ },
    {
      name: 'iphone-14',
      testMatch: /learner-.*\.spec\.ts/,
      use: { ...devices['iPhone 14'], defaultBrowserType: 'chromium', viewport: { width: 390, height: 844 } },
    },
    {
      name: 'android-360',
      testMatch: /learner-.*\.spec\.ts/,
      use: { ...devices['Galaxy S8'], viewport: { width: 360, height: 800 } },
    },
  ],
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
