// Bundles a small Node service (src/main.ts of the current workspace) into dist/main.js; npm dependencies stay
// external. The sandbox gateway and the reference provider build with it.
import { build } from 'esbuild';

export const bundleNodeService = () =>
  build({
    entryPoints: { main: 'src/main.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
