import { defineConfig } from 'vitest/config';

/**
 * Three suites: unit (pure code, beside it), integration (server modules on a real PostgreSQL) and e2e
 * (the built apps served by the real server, driven in Debian's Chromium). Apps with a DOM keep their own
 * vitest.config.ts for their unit tests.
 *
 * Two phases: the unit and integration files first, then the browser journeys one at a time, alone on the machine
 * (each starts a server and a Chromium; their waits are tuned for that). TEST_WORKERS sets how many unit and
 * integration files run at once (each has its own database cloned from the template): one by default, as vitest's
 * own default on two cores, until a run of two at a time has been seen to pass (decision 0114).
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS ?? 1),
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
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
