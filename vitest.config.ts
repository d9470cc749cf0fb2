/**
 * Every unit and API test. API tests (`*.api.test.ts`) run on in-memory PGlite always, and again
 * on PostgreSQL (project "server-pg") when TEST_DATABASE_URL is set.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverApi = 'apps/server/src/**/*.api.test.ts';
// Gives the run a folder for its database templates: API test files copy one migrated and seeded
// database instead of building their own (apps/server/src/test/db-template.ts).
const dbTemplates = 'apps/server/src/test/global-setup.ts';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// A 2-core machine would get one worker by vitest's default (cores - 1); API tests mostly wait on
// the database, so two or more workers keep both cores busy.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism()));
// The server test files share each worker's module graph instead of importing the whole server again
// per file (that took 175-220 s of a run). Every file builds its own app, database and dispatcher,
// so no state but caches is shared; VITEST_ISOLATE=1 brings back one module graph per file.
const isolate = process.env.VITEST_ISOLATE === '1';

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // DEMO_DATA=0: the API tests' databases hold the base demo only (demo-seed.api.test.ts seeds the rest)
          env: { TEST_DB_KIND: 'pglite', DEMO_DATA: '0' },
          globalSetup: [dbTemplates],
          isolate,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                include: [serverApi],
                environment: 'node',
                env: { TEST_DB_KIND: 'pg', DEMO_DATA: '0' },
                globalSetup: [dbTemplates],
                isolate,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
