import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failureEnvelope } from './envelope';

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/provider/', '/healthz', '/readyz'];

/**
 * Serves the built member site at / and the back office at /admin/. Unknown GETs of pages fall back to the
 * right index.html (path-based history); unknown API paths get a `not_found` envelope.
 */
export const registerStaticSites = async (
  app: FastifyInstance,
  sites: { webDir: string; adminDir: string },
): Promise<void> => {
  const hasWeb = existsSync(path.join(sites.webDir, 'index.html'));
  const hasAdmin = existsSync(path.join(sites.adminDir, 'index.html'));
  const cacheHeaders = (res: { setHeader: (name: string, value: string) => void }, filePath: string) => {
    // Hashed build assets never change; index.html and the service worker must always be revalidated.
    if (filePath.includes(`${path.sep}assets${path.sep}`))
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    else res.setHeader('cache-control', 'no-cache');
  };
  if (hasWeb) {
    await app.register(fastifyStatic, { root: sites.webDir, prefix: '/', wildcard: false, setHeaders: cacheHeaders });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: sites.adminDir,
      prefix: '/admin/',
      decorateReply: !hasWeb,
      wildcard: false,
      setHeaders: cacheHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    const wantsPage = request.method === 'GET' && !isApi && !/\.[a-z0-9]{1,8}$/i.test(pathname);
    if (wantsPage) {
      const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
      if (isAdmin && hasAdmin) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', sites.adminDir);
      }
      if (!isAdmin && hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html', sites.webDir);
    }
    return reply.status(404).send(failureEnvelope('not_found'));
  });
};
