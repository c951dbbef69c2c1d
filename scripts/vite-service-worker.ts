import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The entry chunk and every chunk it imports statically: what the first screen cannot start without. */
const shellFilesOf = (bundle: OutputBundle): string[] => {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...files].sort();
};

/**
 * Builds the member site's service worker (`src/service-worker/service-worker.ts`) into `sw.js` at the root of
 * the build, with the build's version (a hash of every emitted file name, so any change of any file makes a new
 * worker and a new cache) and the shell's files to precache: the page, the entry chunk with its static imports
 * and their styles, and the icon. Bundled by esbuild as one classic script (decision 0030).
 */
export const serviceWorker = (options: { entry: string; extraPrecache: readonly string[] }): Plugin => ({
  name: 'tessera-service-worker',
  apply: 'build',
  async generateBundle(_output, bundle) {
    const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
    const precache = ['/', ...options.extraPrecache, ...shellFilesOf(bundle).map((file) => `/${file}`)];
    const result = await build({
      entryPoints: [path.resolve(options.entry)],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
    });
    const code = result.outputFiles[0]?.text;
    if (!code) throw new Error('the service worker did not build');
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
  },
});
