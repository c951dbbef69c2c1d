// Bundles the server (dist/main.js) and its tools (dist/reconcile.js, dist/migrate.js, dist/reports-backfill.js, dist/contracts-verify.js): workspace packages are inlined, npm
// dependencies stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    reconcile: 'src/cli/reconcile.ts',
    migrate: 'src/cli/migrate.ts',
    'reports-backfill': 'src/cli/reports-backfill.ts',
    'contracts-verify': 'src/cli/contracts-verify.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@tessera/contracts': '../../packages/contracts/src/index.ts',
    '@tessera/engines': '../../packages/engines/src/index.ts',
    '@tessera/ui': '../../packages/ui/src/index.ts',
  },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
