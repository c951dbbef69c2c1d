/**
 * Which requests the member site's service worker answers, and how (decision 0030). Pure, so the rules are
 * tested without a worker; `service-worker.ts` applies them.
 */

/** The server's API, game gateways, provider callbacks, health checks and the back office: always the network. */
const NETWORK_ONLY_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/provider/', '/healthz', '/readyz', '/admin'];

/** Query parameters that carry a credential (a reset link's token, a launch ticket): never stored. */
const CREDENTIAL_PARAM = /token|session|auth|ticket|sign|code/i;

export type FetchStrategy =
  /** A page: the network first (the page is rendered per merchant and must stay fresh), the cached shell offline. */
  | 'page'
  /** A hashed build file under /assets: the cache first, then the network (its name changes with its content). */
  | 'asset'
  /** Leave it to the browser: the service worker does not answer. */
  | 'network';

export interface RequestFacts {
  url: string;
  /** The service worker's own origin. */
  origin: string;
  method: string;
  mode: string;
  hasAuthorization: boolean;
}

/** Whether an address carries something that must not be written to a cache. */
export const carriesCredentials = (url: URL): boolean =>
  [...url.searchParams.keys()].some((key) => CREDENTIAL_PARAM.test(key));

export const strategyOf = (request: RequestFacts): FetchStrategy => {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== request.origin || request.hasAuthorization) return 'network';
  if (
    NETWORK_ONLY_PREFIXES.some(
      (prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix),
    )
  )
    return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/') && !carriesCredentials(url)) return 'asset';
  return 'network';
};

const CACHE_PREFIX = 'tessera-shell-';

/** One cache per build: a new deploy's worker fills its own and deletes the others when it takes over. */
export const cacheNameOf = (version: string): string => `${CACHE_PREFIX}${version}`;

export const isStaleCache = (name: string, current: string): boolean =>
  name.startsWith(CACHE_PREFIX) && name !== current;

/**
 * The cached shell without the answers the server wrote into it (site start's status, see page-answer.ts): a page
 * shown offline must not start from a status of its last visit, but ask, fail and show the network-error page.
 */
export const withoutPageAnswers = (html: string): string =>
  html.replace(/<script type="application\/json" id="page-answer-[^"]*">[^<]*<\/script>\s*/g, '');
