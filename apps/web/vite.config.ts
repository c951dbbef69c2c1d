import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress';

const api = process.env.TESSERA_API ?? 'http://localhost:8080';

/** The member site; the API server serves the built dist/ at / with a path-history fallback. */
export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
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
});
