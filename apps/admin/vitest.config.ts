import { defineConfig } from 'vitest/config';

/** Unit tests of the back office's pure logic (no DOM needed). */
export default defineConfig({
  test: {
    name: 'admin',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
