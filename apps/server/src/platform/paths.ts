import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/server folder, found from this file whether it runs from src/ (tsx, vitest) or the dist/ bundle. */
const findServerRoot = (): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@tessera/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the @tessera/server package root');
    dir = parent;
  }
};

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, 'migrations');
export const webDistDir = path.resolve(serverRoot, '../web/dist');
export const adminDistDir = path.resolve(serverRoot, '../admin/dist');
