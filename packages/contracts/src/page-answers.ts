import { contentEndpoints } from './content';
import type { EndpointDef } from './endpoint';
import { gamesEndpoints } from './games';

/**
 * What the member site asks announcements with (spec section 7): every type on the web platform, and a visitor's
 * list (execution B) when nobody is logged in.
 */
export const siteAnnouncementsQuery = (isLogin: boolean): { types: string; platform: 'W'; execution?: 'B' } =>
  isLogin ? { types: 'B,PL,PU,PR,H', platform: 'W' } : { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' };

/** What the member site asks the vendor lanes (the game categories and their providers) with. */
export const siteVendorLanesQuery = (language: string) => ({ platform: 'html5-desktop', language }) as const;

/** What the member site asks the hot games with. */
export const siteHotGamesQuery = (language: string) =>
  ({ isPlatform: 2, platform: 'flash,html5-desktop', language }) as const;

/** The names the answers written into the member page go by (`page-answer-<name>`). */
export const pageAnswerNames = {
  status: 'status',
  visitorAnnouncements: (language: string) => `announcements-visitor-${language}`,
  vendorLanes: (language: string) => `vendor-lanes-${language}`,
  hotGames: (language: string) => `hot-games-${language}`,
} as const;

export interface FirstVisitCall {
  name: string;
  endpoint: EndpointDef;
  query: Readonly<Record<string, string | number>>;
}

/**
 * The calls a first visit's screen makes in the merchant's default language, whose answers the server writes into
 * the page (decisions 0033, 0034): the page renders the home's banner, the game navigation and the home's first
 * decisions without a round trip. Each is the site's own call with its own query and that language in its
 * Language header, so the answers are the same.
 */
export const firstVisitCalls = (language: string): FirstVisitCall[] => [
  {
    name: pageAnswerNames.visitorAnnouncements(language),
    endpoint: contentEndpoints.announcements,
    query: siteAnnouncementsQuery(false),
  },
  {
    name: pageAnswerNames.vendorLanes(language),
    endpoint: gamesEndpoints.vendors,
    query: siteVendorLanesQuery(language),
  },
  {
    name: pageAnswerNames.hotGames(language),
    endpoint: gamesEndpoints.hot,
    query: siteHotGamesQuery(language),
  },
];

/** The address a first visit's call asks (its endpoint's path and query). */
export const firstVisitUrl = (call: FirstVisitCall): string => {
  const query = new URLSearchParams(
    Object.entries(call.query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${call.endpoint.path}?${query}`;
};
