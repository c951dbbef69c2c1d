import { defineConfig } from 'vitest/config';

/**
 * Three suites: unit (pure code, beside it), integration (server modules on a real PostgreSQL) and e2e
 * (the built apps served by the real server, driven in Debian's Chromium). Apps with a DOM keep their own
 * vitest.config.ts for their unit tests.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/*/e2e/**/*.e2e.ts'],
          exclude: ['**/node_modules/**'],
          // A journey takes 5-60 s on a quiet machine; CI shares its two cores with whatever else the machine runs,
          // where the longest journeys (wallet pages, money) were seen at 80-90 s. Timeouts guard against hangs only.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
