/**
 * Every unit and API test. API tests (`*.api.test.ts`) run on in-memory PGlite always, and again
 * on PostgreSQL (project "server-pg") when TEST_DATABASE_URL is set.
 */
import { defineConfig } from 'vitest/config';

const serverApi = 'apps/server/src/**/*.api.test.ts';
// Gives the run a folder for its database templates: API test files copy one migrated and seeded
// database instead of building their own (apps/server/src/test/db-template.ts).
const dbTemplates = 'apps/server/src/test/global-setup.ts';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
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
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: [dbTemplates],
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
                env: { TEST_DB_KIND: 'pg' },
                globalSetup: [dbTemplates],
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
