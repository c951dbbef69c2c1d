/// <reference lib="webworker" />
import { cacheNameOf, carriesCredentials, isStaleCache, strategyOf, withoutPageAnswers } from './sw-rules';

declare const self: ServiceWorkerGlobalScope;
/** Written by the build (scripts/vite-service-worker.ts): a hash of every built file name, and the shell's files. */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: readonly string[];

const CACHE = cacheNameOf(__SW_VERSION__);
/** Every page of the site is the same shell; the last one fetched is kept under this key for offline use. */
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The first load has just fetched these: hashed files come from the HTTP cache (immutable), the page and
      // the icon are revalidated (no-cache), so installing downloads next to nothing again.
      await cache.addAll(__SW_PRECACHE__);
      // Hashed files never change under their names and pages are network-first, so the new build may take
      // over at once instead of waiting for every tab of the old one to close.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isStaleCache(name, CACHE)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

const pageFirst = async (request: Request): Promise<Response> => {
  try {
    const response = await fetch(request);
    const isPage = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    if (isPage && !carriesCredentials(new URL(request.url))) {
      await (await caches.open(CACHE)).put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    // Offline: the shell starts and shows its own offline screen (the network-error page) in the visitor's language.
    const shell = await (await caches.open(CACHE)).match(SHELL, { ignoreVary: true });
    if (!shell) throw error;
    return new Response(withoutPageAnswers(await shell.text()), { status: shell.status, headers: shell.headers });
  }
};

const assetFirst = async (request: Request): Promise<Response> => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyOf({
    url: request.url,
    origin: self.location.origin,
    method: request.method,
    mode: request.mode,
    hasAuthorization: request.headers.has('authorization'),
  });
  if (strategy === 'page') event.respondWith(pageFirst(request));
  else if (strategy === 'asset') event.respondWith(assetFirst(request));
});
