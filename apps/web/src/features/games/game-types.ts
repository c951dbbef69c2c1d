import type { GameType } from '../../shared/state/public-store';

export type NavGameType = Extract<
  GameType,
  'HOME' | 'ELOTT' | 'LOTT' | 'LIVE' | 'SPORTS' | 'FISH' | 'RNG' | 'PVP' | 'ESPORTS' | 'INHOUSE'
>;

export interface TopNavigationEntry {
  id: NavGameType | 'PROMO';
  path: string;
  labelKey: string;
}

/** Labels of the game categories (spec section 3 "Game category labels", api-facts 8.2). */
export const gameTypeLabelKeys: Readonly<Record<GameType, string>> = {
  HOME: 'hd_home',
  HOT: 'in_hot_games',
  SEARCH: 'in_search',
  FAV: 'local_fav',
  RECENT: 'in_recent_game',
  RNG: 'con_rng',
  LIVE: 'con_live',
  FISH: 'con_fish',
  SPORTS: 'con_sports',
  ESPORTS: 'compete_game',
  PVP: 'con_pvp',
  LOTT: 'con_lott',
  ELOTT: 'con_elotto',
  INHOUSE: 'in_house',
  COCKFIGHT: 'in_cockfight_nav',
};

/** The top navigation's order (spec section 2): home first, promotions last, categories between. */
const navigationOrder: readonly TopNavigationEntry[] = [
  { id: 'HOME', path: '/', labelKey: gameTypeLabelKeys.HOME },
  { id: 'ELOTT', path: '/elott', labelKey: gameTypeLabelKeys.ELOTT },
  { id: 'LOTT', path: '/lott', labelKey: gameTypeLabelKeys.LOTT },
  { id: 'LIVE', path: '/live', labelKey: gameTypeLabelKeys.LIVE },
  { id: 'SPORTS', path: '/sports', labelKey: gameTypeLabelKeys.SPORTS },
  { id: 'FISH', path: '/fish', labelKey: gameTypeLabelKeys.FISH },
  { id: 'RNG', path: '/rng', labelKey: gameTypeLabelKeys.RNG },
  { id: 'PVP', path: '/pvp', labelKey: gameTypeLabelKeys.PVP },
  { id: 'ESPORTS', path: '/esports', labelKey: gameTypeLabelKeys.ESPORTS },
  { id: 'INHOUSE', path: '/inHouse', labelKey: gameTypeLabelKeys.INHOUSE },
  { id: 'PROMO', path: '/promotions', labelKey: 'local_header_promotions' },
];

/**
 * The top navigation: home, then each category that has at least one vendor, then promotions. With no
 * vendors (no catalogue yet) only home and promotions remain.
 */
export const topNavigationOf = (categoriesWithVendors: ReadonlySet<NavGameType>): TopNavigationEntry[] =>
  navigationOrder.filter((entry) => entry.id === 'HOME' || entry.id === 'PROMO' || categoriesWithVendors.has(entry.id));

const pathGameTypes: Readonly<Record<string, GameType>> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/rng': 'RNG',
  '/pvp': 'PVP',
  '/inhouse': 'INHOUSE',
  '/favorite': 'FAV',
  '/recent': 'RECENT',
};

/** The route's gameType (or account-game type) parameter, from its path. */
export const gameTypeOfPath = (pathname: string): GameType | null =>
  pathGameTypes[pathname.replace(/\/+$/, '').toLowerCase()] ?? null;

/** The category lobby filtered to one vendor (the lobby keeps its state in the address: ?vassalage=). */
export const vendorLobbyPathOf = (categoryPath: string, vassalage: string): string =>
  `${categoryPath}?${new URLSearchParams({ vassalage }).toString()}`;

/** A vendor as the footer lists it: its logo and the lobby of the first category it has games in. */
export interface VendorLink {
  vassalage: string;
  displayName: string;
  logoUrl: string | null;
  path: string;
}

/**
 * Every vendor of the merchant once, in lane order, each linking to its first category's lobby filtered to it
 * (categories without a page of their own, such as COCKFIGHT, give no link).
 */
export const vendorLinksOf = (
  lanes: readonly {
    title: string;
    vendors: readonly { vassalage: string; displayName: string; logoUrl: string | null }[];
  }[],
): VendorLink[] => {
  const seen = new Map<string, VendorLink>();
  for (const lane of lanes) {
    const entry = navigationOrder.find((item) => item.id === lane.title);
    if (!entry) continue;
    for (const vendor of lane.vendors) {
      if (seen.has(vendor.vassalage)) continue;
      seen.set(vendor.vassalage, {
        vassalage: vendor.vassalage,
        displayName: vendor.displayName,
        logoUrl: vendor.logoUrl,
        path: vendorLobbyPathOf(entry.path, vendor.vassalage),
      });
    }
  }
  return [...seen.values()];
};
