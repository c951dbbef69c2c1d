import { defineConfig } from 'vitest/config';

/** The sandbox gateway's tests: each one runs the real HTTP stack against a state file in a temporary folder. */
export default defineConfig({
  test: {
    name: 'sandbox-gateway',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The process tests start the real entry point; a loaded machine can take seconds to boot it.
    testTimeout: 20_000,
  },
});
