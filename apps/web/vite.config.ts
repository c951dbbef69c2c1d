import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { lazyContracts } from '../../scripts/vite-lazy-contracts';
import { precompress } from '../../scripts/vite-precompress';
import { serviceWorker } from '../../scripts/vite-service-worker';

const api = process.env.TESSERA_API ?? 'http://localhost:8080';

/**
 * The site is written against React's API and runs on Preact's React layer (preact/compat), about 50 KB gzip
 * lighter than react-dom (decision 0031). Every import of react and react-dom, including the libraries' own
 * (react-router, TanStack Query, react-i18next, react-hook-form, zustand), resolves to it.
 */
const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * react-router's package exports only its development build (with its warnings and their checks) for every
 * condition (remix-run/react-router#12532, #14753); a production build takes the production one it also ships.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/** The member site; the API server serves the built dist/ at / with a path-history fallback. */
export default defineConfig(({ command }) => ({
  plugins: [
    // The contracts' schemas are built when first read, not when the script loads (decision 0036).
    lazyContracts(),
    serviceWorker({ entry: 'src/service-worker/service-worker.ts', extraPrecache: ['/favicon.svg'] }),
    precompress(),
  ],
  resolve: { alias: command === 'build' ? [...reactOnPreact, reactRouterProduction] : reactOnPreact },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // The manifest maps source files to built ones: the server preloads the first visit's language catalogues by it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // What the first screen runs comes as one script and one stylesheet: dozens of small chunks would each cost
      // a round trip before the page can render (decision 0033). Lazy screens stay chunks of their own.
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    // Regular expressions, so that the page /lottery is not mistaken for the /lotto gateway.
    proxy: {
      '^/wps/': { target: api, changeOrigin: false, ws: true },
      '^/lgw/': { target: api, changeOrigin: false },
      '^/lotto/': { target: api, changeOrigin: false },
      '^/api/': { target: api, changeOrigin: false },
    },
  },
}));
