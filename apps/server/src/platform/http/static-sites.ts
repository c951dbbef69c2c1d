import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureEnvelope } from './envelope';

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/provider/', '/healthz', '/readyz'];

/** What a site's page carries for the merchant whose address was asked: its title and extra `<head>` markup. */
export interface PageHead {
  title: string;
  /** Markup placed at the end of `<head>`; the caller escapes whatever it interpolates. */
  head: string;
  /**
   * Source files of the build (as the build's manifest names them, e.g. `src/locales/EN/common.json`) whose
   * chunks the page should fetch with itself rather than after its scripts ask for them.
   */
  preloadSources?: readonly string[];
  /**
   * Origins the page may reach besides its own (the merchant's mirror sites, which /lines times): added to the
   * page's `connect-src`. Each must be a bare origin (`https://host:port`).
   */
  connectOrigins?: readonly string[];
}

/** Vite's build manifest: source file to built file. */
export type BuildManifest = Readonly<Record<string, { file: string }>>;

const readManifest = (webDir: string): BuildManifest => {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
};

/** The member site's page for a request (the merchant behind its host), or null for the page as built. */
export type PageHeadResolver = (request: FastifyRequest) => Promise<PageHead | null>;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The built index.html with the merchant's title, head markup and preloads of chunks the page will need. */
export const renderPage = (template: string, page: PageHead | null, manifest: BuildManifest = {}): string => {
  if (!page) return template;
  const preloads = (page.preloadSources ?? []).flatMap((source) => {
    const file = manifest[source]?.file;
    return file ? [`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`] : [];
  });
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${[...preloads, page.head].map((line) => line.trim()).join('\n  ')}\n  </head>`);
};

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * The page's content security policy with `origins` added to its `connect-src` (anything but a bare http(s)
 * origin is dropped, so a setting cannot smuggle a directive in).
 */
export const withConnectOrigins = (policy: string, origins: readonly string[]): string => {
  const extra = [...new Set(origins.filter((origin) => ORIGIN.test(origin)))];
  if (extra.length === 0) return policy;
  return policy.replace(/(^|;)(\s*connect-src)([^;]*)/, (_, start: string, name: string, sources: string) => {
    const present = new Set(sources.trim().split(/\s+/));
    return `${start}${name}${sources}${extra
      .filter((origin) => !present.has(origin))
      .map((origin) => ` ${origin}`)
      .join('')}`;
  });
};

/**
 * How the member page travels: brotli or gzip when the browser accepts it (the page carries the first visit's
 * answers, tens of KB of JSON). The page is the not-found fallback, not a route, so the compression plugin's route
 * hooks do not reach it.
 */
export const pageEncodingFor = (acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
};

/** Brotli at quality 4: well under a millisecond for a page, within a few percent of the best size. */
export const BROTLI_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } as const;

const encodePage = (html: string, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br' ? brotliCompressSync(html, { params: BROTLI_PARAMS }) : gzipSync(html);

/**
 * Serves the built member site at / and the back office at /admin/. Unknown GETs of pages fall back to the
 * right index.html (path-based history); unknown API paths get a `not_found` envelope. The builds write brotli and
 * gzip copies of their text files (scripts/vite-precompress.ts), sent to browsers that accept them. The member
 * site's page is rendered per request with the merchant's head (`webPage`): its title, theme colour and the
 * preload of its first home banner, the page's largest picture.
 */
export const registerStaticSites = async (
  app: FastifyInstance,
  sites: { webDir: string; adminDir: string },
  webPage: PageHeadResolver = async () => null,
): Promise<void> => {
  const hasWeb = existsSync(path.join(sites.webDir, 'index.html'));
  const hasAdmin = existsSync(path.join(sites.adminDir, 'index.html'));
  const cacheHeaders = (res: { setHeader: (name: string, value: string) => void }, filePath: string) => {
    // Hashed build assets never change; index.html and the service worker must always be revalidated.
    if (filePath.includes(`${path.sep}assets${path.sep}`))
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    else res.setHeader('cache-control', 'no-cache');
  };
  // The build is fixed for the life of the process: read the page once.
  const webTemplate = hasWeb ? readFileSync(path.join(sites.webDir, 'index.html'), 'utf8') : '';
  const webManifest = hasWeb ? readManifest(sites.webDir) : {};

  const sendWebPage = async (request: FastifyRequest, reply: FastifyReply) => {
    let page: PageHead | null = null;
    try {
      page = await webPage(request);
    } catch (error) {
      // An unknown host or a database hiccup still gets the site, which shows its own error pages.
      request.log.warn({ err: error }, 'member page head unavailable');
    }
    const html = renderPage(webTemplate, page, webManifest);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && page?.connectOrigins?.length) {
      reply.header('content-security-policy', withConnectOrigins(policy, page.connectOrigins));
    }
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'Host, Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding === 'identity') return reply.send(html);
    return reply.header('content-encoding', encoding).send(encodePage(html, encoding));
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: sites.webDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      // Cache-Control is cacheHeaders' alone (the plugin's own default would overwrite it with max-age=0).
      cacheControl: false,
      // The page itself is rendered per merchant (sendWebPage), never sent as the built file.
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: cacheHeaders,
    });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: sites.adminDir,
      prefix: '/admin/',
      decorateReply: !hasWeb,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    const wantsPage =
      request.method === 'GET' && !isApi && (pathname === '/index.html' || !/\.[a-z0-9]{1,8}$/i.test(pathname));
    if (wantsPage) {
      const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
      if (isAdmin && hasAdmin) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', sites.adminDir);
      }
      if (!isAdmin && hasWeb) return sendWebPage(request, reply);
    }
    return reply.status(404).send(failureEnvelope('not_found'));
  });
};
