import { defineConfig } from 'vitest/config';

/** Unit tests of the member site's pure logic (route rules, guard, language choice); no DOM needed. */
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
