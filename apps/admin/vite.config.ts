import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress';

/** The back office is served by the API server at /admin/ (see apps/server static-sites.ts). */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.TESSERA_API ?? 'http://localhost:8080', changeOrigin: false } },
  },
});
