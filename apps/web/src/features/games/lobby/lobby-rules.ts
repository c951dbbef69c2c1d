import type { GameType } from '../../../shared/state/public-store';

/** Spec section 9: lobby page size 18, home sections 12 items (HOT limited to 12 on HOME), 6 per swiper view. */
export const LOBBY_PAGE_SIZE = 18;
export const HOME_SECTION_SIZE = 12;
export const SWIPER_PER_VIEW = 6;
/** Recent games use pageSize 12 (spec section 7). */
export const RECENT_PAGE_SIZE = 12;

/** The game categories a lobby can show (spec section 3 "Vendor category", plus LOTT and COCKFIGHT). */
export type CategoryType = Extract<
  GameType,
  'INHOUSE' | 'RNG' | 'LIVE' | 'FISH' | 'SPORTS' | 'PVP' | 'ESPORTS' | 'COCKFIGHT' | 'ELOTT' | 'LOTT'
>;

/** Home sections in the spec's order (spec section 2 "Home lobby"); RECENT first only when it applies. */
export const homeSectionOrder = [
  'RECENT',
  'INHOUSE',
  'HOT',
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly GameType[];
export type HomeSection = (typeof homeSectionOrder)[number];

export interface HomeSectionInput {
  isLogin: boolean;
  hasRecent: boolean;
  hasHot: boolean;
  /** Categories with at least one vendor on this merchant. */
  categories: ReadonlySet<string>;
}

/** The sections the home lobby shows, in order: RECENT only when logged in and non-empty, the rest when present. */
export const homeSectionsOf = ({ isLogin, hasRecent, hasHot, categories }: HomeSectionInput): HomeSection[] =>
  homeSectionOrder.filter((section) => {
    if (section === 'RECENT') return isLogin && hasRecent;
    if (section === 'HOT') return hasHot;
    return categories.has(section);
  });

/** The game menu (spec section 2): HOME, HOT, then each available category in the home sections' order. */
export const gameMenuOf = (categories: ReadonlySet<string>): GameType[] => [
  'HOME',
  'HOT',
  ...homeSectionOrder.filter((section): section is Exclude<HomeSection, 'RECENT' | 'HOT'> =>
    section !== 'RECENT' && section !== 'HOT' ? categories.has(section) : false,
  ),
  ...(['ELOTT', 'LOTT'] as const).filter((category) => categories.has(category)),
];

/** Search text is trimmed; non-empty text switches the lobby to SEARCH, empty text returns it to HOME. */
export const gameTypeAfterSearch = (text: string, current: GameType): GameType => {
  if (text.trim() !== '') return 'SEARCH';
  return current === 'SEARCH' ? 'HOME' : current;
};

/**
 * How long the search box waits after the last keystroke before it asks the server. The spec fixes no figure for
 * search; 400 ms keeps one request per typed word instead of one per letter (decision recorded in docs/decisions).
 */
export const SEARCH_DEBOUNCE_MS = 400;

/** Filter types of spec section 4 "Lobby". */
export type LobbyFilter = 'ALL' | 'HOT' | 'FAV' | 'RECENT';

export const ALL_CLASSIFY = 'ALL';

export interface LobbyState {
  filter: LobbyFilter;
  /** '' is All providers. */
  vassalage: string;
  gameClassify: string;
  pageNo: number;
}

export const initialLobbyState: LobbyState = { filter: 'ALL', vassalage: '', gameClassify: ALL_CLASSIFY, pageNo: 1 };

export type LobbyAction =
  | { type: 'filter'; filter: LobbyFilter }
  | { type: 'provider'; vassalage: string }
  | { type: 'classify'; gameClassify: string }
  | { type: 'page'; pageNo: number; totalPages: number };

/** FAV and RECENT need login (the login popup opens instead). */
export const filterNeedsLogin = (filter: LobbyFilter): boolean => filter === 'FAV' || filter === 'RECENT';

/**
 * The lobby's transitions (spec section 4 "Lobby"): ALL resets provider and classification; a provider resets
 * classification to ALL and the page to 1; a page above the total is ignored.
 */
export const nextLobbyState = (state: LobbyState, action: LobbyAction): LobbyState => {
  switch (action.type) {
    case 'filter':
      return action.filter === 'ALL' ? { ...initialLobbyState } : { ...state, filter: action.filter, pageNo: 1 };
    case 'provider':
      return { filter: 'ALL', vassalage: action.vassalage, gameClassify: ALL_CLASSIFY, pageNo: 1 };
    case 'classify':
      return { ...state, gameClassify: action.gameClassify, pageNo: 1 };
    case 'page': {
      const page = action.pageNo;
      if (!Number.isInteger(page) || page < 1 || page > action.totalPages) return state;
      return { ...state, pageNo: page };
    }
  }
};

/** The classification menu shows with the provider filter on All and more than one classification; FISH has only All. */
export const isClassifyMenuShown = (gameType: string, vassalage: string, classifyCount: number): boolean =>
  gameType !== 'FISH' && vassalage === '' && classifyCount > 1;

/** The lobby state a category page reads from its address (?vassalage=&classify=&page=&filter=). */
export const lobbyStateFromQuery = (query: URLSearchParams): LobbyState => {
  const filter = query.get('filter');
  const page = Number(query.get('page') ?? '1');
  return {
    filter: filter === 'HOT' || filter === 'FAV' || filter === 'RECENT' ? filter : 'ALL',
    vassalage: query.get('vassalage')?.trim() ?? '',
    gameClassify: query.get('classify')?.trim() || ALL_CLASSIFY,
    pageNo: Number.isInteger(page) && page >= 1 ? page : 1,
  };
};

/** The address query of a lobby state, leaving defaults out so that /rng stays /rng. */
export const queryOfLobbyState = (state: LobbyState): URLSearchParams => {
  const query = new URLSearchParams();
  if (state.vassalage) query.set('vassalage', state.vassalage);
  if (state.gameClassify !== ALL_CLASSIFY) query.set('classify', state.gameClassify);
  if (state.filter !== 'ALL') query.set('filter', state.filter);
  if (state.pageNo > 1) query.set('page', String(state.pageNo));
  return query;
};

/** Route of each category (spec section 2 routes); COCKFIGHT has no page of its own and stays in the lobby. */
export const categoryPaths: Readonly<Partial<Record<GameType, string>>> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  INHOUSE: '/inHouse',
  FAV: '/favorite',
  RECENT: '/recent',
};
