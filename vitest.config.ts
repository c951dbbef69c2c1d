import { defineConfig } from 'vitest/config';

/**
 * Three suites: unit (pure code, beside it), integration (server modules on a real PostgreSQL) and e2e
 * (the built apps served by the real server, driven in Debian's Chromium). Apps with a DOM keep their own
 * vitest.config.ts for their unit tests.
 *
 * Two phases: the unit and integration files first, then the browser journeys. TEST_WORKERS sets how many unit and
 * integration files run at once (each has its own database cloned from the template; 2 by default), E2E_WORKERS how
 * many browser files (each starts its own server and database and opens its own browser contexts; 1 by default: two at
 * a time kept the two cores saturated by Chromium and took as long in all). A worker's browser files share one module
 * graph (the harness and Playwright loaded once) and one Chromium; E2E_ISOLATE=true gives each file its own. Decisions 0114, 0153, 0155.
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
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
          // where the longest journeys (wallet pages, money) were seen at 80-150 s. Timeouts guard against hangs only.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
          isolate: process.env.E2E_ISOLATE === 'true',
          sequence: { groupOrder: 1 },
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
