import { defineConfig } from 'vitest/config';

/** The reference provider's own tests: its game maths, its signed wallet client and its HTTP service. */
export default defineConfig({
  test: {
    name: 'reference-provider',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
