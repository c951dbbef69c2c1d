import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the back office's pure logic (no DOM needed), and of components in a DOM without layout (happy-dom,
 * chosen per file with `// @vitest-environment happy-dom`).
 */
export default defineConfig({
  test: {
    name: 'admin',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
