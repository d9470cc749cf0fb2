/**
 * Browser tests drive Debian's Chromium against the built product on a fresh database: its own
 * PostgreSQL database when TEST_DATABASE_URL is set (CI), else the embedded one.
 * Never downloads a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */
import { defineConfig, devices } from '@playwright/test';

import { E2E_WORKERS, serverDatabase, serverDataDir, serverPort, serverUrl } from './servers';
import { liveEnv } from './tests/live-media';

/** The command that empties the worker's PostgreSQL database before its server starts (none on the embedded one). */
function freshDatabase(workerIndex: number): string[] {
  const database = serverDatabase(workerIndex);
  return database ? [`node fresh-database.mjs ${process.env.TEST_DATABASE_URL} ${database.name}`] : [];
}

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: serverUrl(0), // replaced per worker by fixtures/test.ts
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // The system setting 减弱动态效果, which the app follows (App.tsx): dialogs, dropdowns and date
    // pickers stand still when a test clicks into them, and no test waits out an animation.
    // reduced-motion.spec.ts checks both settings.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records every test (a screencast and DOM snapshots): CPU the two cores lack in CI, and
    // nobody reads CI's traces. E2E_TRACE=1 keeps those of failing tests when debugging here.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
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
   * The learner specs (learner-*.spec.ts) also run on phone emulation, Chromium only
   * (Debian's): an iPhone 14 screen (390×844, Safari's user agent, touch) runs all of them, a
   * mid-range Android (360×800) the ones about the screen itself (the exam room, the check page's long
   * title): the flows behind them are the same code at 390 and 360 px, and the run is CPU-bound on two
   * cores. Every learner page at 360, 390 and 1280 px is the screen sweep's. learner-phone.spec.ts is
   * phones only.
   */
  projects: [
    { name: 'desktop', testIgnore: /learner-phone\.spec\.ts/ },
    {
      name: 'iphone-14',
      // learner-*.spec.ts only: proctor-learner-shots.spec.ts sets its own widths
      testMatch: /\/learner-[^/]*\.spec\.ts$/,
      use: { ...devices['iPhone 14'], defaultBrowserType: 'chromium', viewport: { width: 390, height: 844 } },
    },
    {
      name: 'android-360',
      testMatch: /\/learner-(phone|rank-focus)\.spec\.ts$/,
      use: { ...devices['Galaxy S8'], viewport: { width: 360, height: 800 } },
    },
  ],
  // One server per worker (fixtures/test.ts points each worker at its own). The first builds the
  // product if needed; the others wait on start.mjs's build lock and then find it up to date.
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: [`rm -rf ${serverDataDir(i)}`, ...freshDatabase(i), 'node ../scripts/start.mjs'].join(' && '),
    env: {
      PORT: String(serverPort(i)),
      DATA_DIR: serverDataDir(i),
      ...(serverDatabase(i) ? { DATABASE_URL: serverDatabase(i)?.url as string } : {}),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      EXAM_TEST_CLOCK: '1',
      // Every identity check's step is 请向左转头: a fake camera plays a fixed video
      // (tests/proctor-video.ts), so the specs cannot follow random actions.
      FACE_CHALLENGE_ACTIONS: 'turn-left',
      ...liveEnv(i), // the live-class media server a spec may start (tests/live-media.ts)
    },
    url: `${serverUrl(i)}/api/docs/json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
