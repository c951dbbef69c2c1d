/**
 * The routing rules of spec section 2 as pure functions, so the router, the layouts and the tests share
 * one source.
 */

/** The lazily loaded screen groups the spec lists. */
export type RouteGroupName =
  | 'Promotions'
  | 'Seamless'
  | 'Lottery'
  | 'MemberCenter'
  | 'AccountGame'
  | 'GameListCenter'
  | 'GameCenter';

export type LayoutKind = 'site' | 'agent';

export interface LayoutRule {
  kind: LayoutKind;
  hasHeader: boolean;
  hasSideMenu: boolean;
  hasFooter: boolean;
}

export const homePaths = ['/', '/index', '/index.html', '/home'] as const;
export const gameCenterPaths = ['/sports', '/esports', '/lott', '/elott'] as const;
export const gameListCenterPaths = ['/live', '/fish', '/rng', '/pvp'] as const;
export const accountGamePaths = ['/favorite', '/recent'] as const;
export const lotteryPaths = ['/lottery', '/seaLottery', '/vnLottery'] as const;
export const agentPaths = ['/agent', '/agentHome'] as const;

/** Routes that need a session token (spec section 2 "Guard", section 6 "Visitor cannot"). */
export const protectedPaths = ['/member', ...lotteryPaths, ...accountGamePaths, '/agentHome'] as const;

/**
 * Routes a free-play trial account may not open (spec section 6: no member centre, no game launch); they get
 * the real-account message instead.
 */
export const trialBlockedPaths = ['/member', ...lotteryPaths] as const;

const withoutSideMenu = ['/seamless', ...lotteryPaths] as const;
const withoutFooter = ['/seamless'] as const;
const indexKeyed = ['/', '/index', '/login', '/register'] as const;

/** Route matching is case-insensitive and ignores a trailing slash, as the router's is. */
export const normalisePath = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};

const isOneOf = (pathname: string, paths: readonly string[]): boolean => {
  const path = normalisePath(pathname);
  return paths.some((candidate) => candidate.toLowerCase() === path);
};

export const layoutOf = (pathname: string): LayoutRule => {
  if (isOneOf(pathname, agentPaths)) return { kind: 'agent', hasHeader: false, hasSideMenu: false, hasFooter: false };
  return {
    kind: 'site',
    hasHeader: true,
    hasSideMenu: !isOneOf(pathname, withoutSideMenu),
    hasFooter: !isOneOf(pathname, withoutFooter),
  };
};

/** The main view's key: 'index' for /, /index, /login and /register, otherwise the full path. */
export const mainViewKeyOf = (location: { pathname: string; search: string; hash: string }): string =>
  isOneOf(location.pathname, indexKeyed) ? 'index' : `${location.pathname}${location.search}${location.hash}`;

export const isProtectedPath = (pathname: string): boolean => isOneOf(pathname, protectedPaths);

/** The home lobby's addresses. */
export const isHomePath = (pathname: string): boolean => isOneOf(pathname, homePaths);

/** Where the guard sends a navigation: /login for a protected route without a session token, else nowhere. */
export const guardRedirectOf = (pathname: string, hasToken: boolean): '/login' | null =>
  !hasToken && isProtectedPath(pathname) ? '/login' : null;

/** Whether a trial session is turned away from a route (with the real-account message). */
export const isTrialBlockedPath = (pathname: string): boolean => isOneOf(pathname, trialBlockedPaths);

/**
 * Pages where a member can place a wager (game lists and launches, in-house games, lotteries, a provider's game):
 * the first one a member opens shows the responsible-gaming information first (decision 0107).
 */
export const wagerPaths = [
  ...gameCenterPaths,
  ...gameListCenterPaths,
  ...accountGamePaths,
  ...lotteryPaths,
  '/inHouse',
  '/seamless',
] as const;

export const isWagerPath = (pathname: string): boolean => isOneOf(pathname, wagerPaths);

/** The route a dialog opened by its own route leaves behind when it closes (/register, /help -> home). */
export const pathAfterDialogClose = (pathname: string): string | null =>
  isOneOf(pathname, ['/register', '/help']) ? '/' : null;
