import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { checkLotteryLaunch, lotteryLaunchFields } from './lottery';
import { moneyStringSchema } from './wallet';

/**
 * Game categories (spec section 3 "Vendor category"). INHOUSE is synthetic: the platform's own provably fair
 * games, placed first; RNG vendor cards whose accountTypeName is on `inHouseAccountTypes` move into it.
 */
export const gameCategories = [
  'INHOUSE',
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'ELOTT',
  'LOTT',
] as const;
export type GameCategory = (typeof gameCategories)[number];
export const gameCategorySchema = z.enum(gameCategories);

/** The order of the home lobby's sections after RECENT and HOT (spec section 2). */
export const homeSectionOrder = [
  'INHOUSE',
  'HOT',
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const;

/** accountTypeName values of RNG vendors that belong to the in-house lane. */
export const inHouseAccountTypes = ['TESSERA'] as const;

/** The i18n label of each category in menus (spec section 3 "Game category labels", api-facts 8.2). */
export const gameCategoryLabels: Record<GameCategory | 'HOME' | 'HOT' | 'FAV' | 'RECENT' | 'SEARCH', string> = {
  HOME: 'local_lobby',
  HOT: 'in_hot_games',
  FAV: 'in_favorite',
  RECENT: 'in_recent_game',
  SEARCH: 'game_search',
  INHOUSE: 'in_house',
  RNG: 'con_rng',
  LIVE: 'con_live',
  FISH: 'con_fish',
  PVP: 'con_pvp',
  SPORTS: 'con_sports',
  ESPORTS: 'compete_game',
  COCKFIGHT: 'in_cockfight_nav',
  ELOTT: 'con_lott',
  LOTT: 'con_lott',
};

/** Sizes of spec section 9. */
export const LOBBY_PAGE_SIZE = 18;
export const HOME_SECTION_SIZE = 12;
export const RECENT_PAGE_SIZE = 12;
export const WINNER_BOARD_LIMIT = 20;
export const FAVOURITE_TOGGLE_THROTTLE_MS = 1000;

/** A game tile (spec section 3 "Game", api-facts 8.4). Names are in the request's language, English otherwise. */
export const gameSchema = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  /** Artwork: a generated SVG served by the platform, or an operator's own image. */
  showIcon: z.string(),
  iconUrl: z.string(),
  lagerIcon: z.string(),
  vassalage: z.string(),
  /** The vendor's display name. */
  displayName: z.string(),
  gameType: gameCategorySchema,
  gameClassify: z.string().nullable(),
  gameCode: z.string(),
  /** 1: hot. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 0: a free trial is offered (spec section 3). */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  accountTypeName: z.string(),
  /** 'VASSALAGE' opens the vendor's game list; 'GAME' launches. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  /** The game or its vendor is under maintenance: the lobby shows 'game_maintenance' and suggests others. */
  maintenance: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

/** A vendor card of a lane (api-facts 8.1). */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: gameCategorySchema,
  lagerIcon: z.string(),
  smallIcon: z.string(),
  mobileSmallIcon: z.string(),
  h5Icon: z.string(),
  mobileLargeIcon: z.string(),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameCode: z.string(),
  nodeId: z.string(),
  gameId: z.string(),
  accountTypeName: z.string(),
  gameCount: z.number().int(),
  maintenance: z.boolean(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const gameClassifySchema = z.object({
  key: z.string(),
  displayName: z.string(),
  gameCount: z.number().int(),
  /** Vendors of the lane that have games of this classification. */
  vendors: z.array(z.string()),
});
export type GameClassify = z.infer<typeof gameClassifySchema>;

export const vendorLaneSchema = z.object({
  title: gameCategorySchema,
  cards: z.array(vendorCardSchema),
  gameClassify: z.array(gameClassifySchema),
});
export type VendorLane = z.infer<typeof vendorLaneSchema>;

/** A winners-board entry (spec section 3 "Winner entry", api-facts 9): the member's name is masked. */
export const winnerEntrySchema = z.object({
  vo: z.object({
    customerName: z.string(),
    gameName: z.string(),
    winAmount: moneyStringSchema,
    currency: z.string(),
    iconUrl: z.string(),
    nodeId: z.string(),
    gameType: gameCategorySchema,
    vassalage: z.string(),
    winAt: z.string(),
    /** A win of the demo's seeded history, not a member's (decision 0065): the board labels it. */
    isDemo: z.boolean().optional(),
  }),
});
export type WinnerEntry = z.infer<typeof winnerEntrySchema>;

/** A PVP room (GLS2_roomList): a stake level of a card game, with the members playing it now. */
export const pvpRoomSchema = z.object({
  roomId: z.string(),
  nodeId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  level: z.enum(['beginner', 'intermediate', 'advanced', 'vip']),
  minBet: moneyStringSchema,
  maxBet: moneyStringSchema,
  currency: z.string(),
  /** Members with an open game session on this game now. */
  players: z.number().int(),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;

const languageParam = z.string().trim().toUpperCase().max(8).optional();
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const trimmed = (max: number) => z.string().trim().max(max).optional();
/** Empty or 'ALL' means no filter. */
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value && value.toUpperCase() !== 'ALL' ? value : undefined));
const categoryFilter = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .transform((value) => (value && value !== 'ALL' && value !== 'HOME' ? value : undefined))
  .pipe(gameCategorySchema.optional());

/** The original clients send these with every lobby call; they are accepted and ignored. */
const clientNoise = {
  clientType: z.coerce.number().int().optional(),
  platform: trimmed(60),
  merchant: trimmed(64),
  merchantCode: trimmed(64),
  isPlatform: z.coerce.number().int().optional(),
  token: trimmed(200),
  flush: trimmed(20),
};

/** Favourite toggles (spec section 7): the game's nodeId, its vendor and type. */
const favouriteRequest = z.object({
  nodeId: z.coerce.string().trim().min(1).max(40),
  vendor: trimmed(40),
  gameType: trimmed(20),
});
const favouriteResponse = z.object({ nodeId: z.string(), favourite: z.boolean() });

export const gamesEndpoints = {
  menus: defineEndpoint({
    name: 'games.menus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({ prizeMode: trimmed(10), language: languageParam }),
    response: z.record(
      z.string(),
      z.object({ gameGroupCode: z.string(), displayName: z.string(), gameMenus: z.array(gameSchema) }),
    ),
    summary:
      'Lottery game menus (LOTT and ELOTT), grouped by classification; the client tags each group with gameGroupCode.',
  }),
  list: defineEndpoint({
    name: 'games.list',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    moduleIds: ['GAMELO3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.object({
      ...clientNoise,
      gameType: categoryFilter,
      vassalage: optionalFilter(40),
      gameClassify: optionalFilter(40),
      /** Trimmed; matched against the name in every language and the game code. */
      gameName: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((value) => value || undefined),
      pageNo,
      pageSize: z.coerce.number().int().min(1).max(100).default(LOBBY_PAGE_SIZE),
      language: languageParam,
    }),
    response: z.object({
      games: z.array(gameSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
    summary: 'The lobby grid: enabled games of the merchant, filtered, searched over every language, paged.',
  }),
  hot: defineEndpoint({
    name: 'games.hot',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    moduleIds: ['GAMELOHOT3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({
      ...clientNoise,
      gameType: categoryFilter,
      vassalage: optionalFilter(40),
      language: languageParam,
    }),
    response: z.object({ list: z.array(gameSchema) }),
    summary: "The merchant's hot games in its order (browsers cache it: Cache-Control public, 60 s).",
  }),
  vassGameType: defineEndpoint({
    name: 'games.vassGameType',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({ ...clientNoise, language: languageParam }),
    response: z.object({ content: z.record(z.string(), z.record(z.string(), z.array(z.string()))) }),
    summary: 'gameType → vendor code → the classification keys that vendor has games in.',
  }),
  vendors: defineEndpoint({
    name: 'games.vendors',
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    moduleIds: [],
    access: access.visitor,
    encrypted: false,
    request: z.object({ ...clientNoise, language: languageParam }),
    response: z.object({ data: z.object({ lanes: z.array(vendorLaneSchema) }) }),
    summary:
      'Vendor lanes per category, INHOUSE first, each with its classifications (browsers cache it: Cache-Control public, 60 s).',
  }),
  favouriteIds: defineEndpoint({
    name: 'games.favouriteIds',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    moduleIds: ['GAMELOFAV3'],
    access: access.member,
    encrypted: false,
    request: z.object({ ...clientNoise }),
    response: z.array(z.string()),
    summary: "The nodeIds of the member's favourite games.",
  }),
  favouriteList: defineEndpoint({
    name: 'games.favouriteList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    moduleIds: ['GAMELOFAV3'],
    access: access.member,
    encrypted: false,
    request: z.object({
      ...clientNoise,
      gameType: categoryFilter,
      vassalage: optionalFilter(40),
      pageNo,
      pageSize: z.coerce.number().int().min(1).max(999).default(LOBBY_PAGE_SIZE),
      language: languageParam,
    }),
    response: z.object({ content: z.array(gameSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
    summary: "The member's favourite games, newest first.",
  }),
  addFavourite: defineEndpoint({
    name: 'games.addFavourite',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    moduleIds: ['GAMELOFAV3', 'GAMELO3'],
    access: access.member,
    encrypted: false,
    request: favouriteRequest,
    response: favouriteResponse,
    summary: 'Adds a game to the favourites (idempotent). An unknown or disabled game: not_found.',
  }),
  removeFavourite: defineEndpoint({
    name: 'games.removeFavourite',
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    moduleIds: ['GAMELOFAV3', 'GAMELO3'],
    access: access.member,
    encrypted: false,
    request: favouriteRequest,
    response: favouriteResponse,
    summary: 'Removes a game from the favourites (idempotent).',
  }),
  recent: defineEndpoint({
    name: 'games.recent',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    moduleIds: ['GAMELOREC3'],
    access: access.member,
    encrypted: false,
    request: z.object({
      ...clientNoise,
      page: z.coerce.number().int().min(1).max(1000).optional(),
      pageNo: z.coerce.number().int().min(1).max(1000).optional(),
      pageSize: z.coerce.number().int().min(1).max(50).default(RECENT_PAGE_SIZE),
      gameType: categoryFilter,
      vassalage: optionalFilter(40),
      language: languageParam,
    }),
    response: z.object({ list: z.array(gameSchema), pageNo: z.number().int(), totalPages: z.number().int() }),
    summary: 'Games the member launched, most recent first.',
  }),
  rankList: defineEndpoint({
    name: 'games.rankList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    moduleIds: [],
    access: access.visitor,
    encrypted: false,
    request: z.object({
      gameCategory: z
        .string()
        .trim()
        .toUpperCase()
        .default('ALL')
        .pipe(z.enum(['ALL', ...gameCategories])),
      language: languageParam,
      limitNum: z.coerce.number().int().min(1).max(50).default(WINNER_BOARD_LIMIT),
    }),
    response: z.object({ list: z.array(winnerEntrySchema) }),
    summary: 'The winners board: the largest settled wins of the last 7 days, largest first, names masked.',
  }),
  roomList: defineEndpoint({
    name: 'games.roomList',
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    moduleIds: [],
    access: access.member,
    encrypted: false,
    request: z.object({ ...clientNoise, nodeId: trimmed(40), vassalage: optionalFilter(40), language: languageParam }),
    response: z.object({ list: z.array(pvpRoomSchema) }),
    summary: 'PVP rooms: the stake levels of each enabled card game, with the members playing it now.',
  }),
  launch: defineEndpoint({
    name: 'games.launch',
    method: 'GET',
    path: '/wps/game/launchGame',
    moduleIds: ['GAMELO3'],
    access: access.member,
    encrypted: false,
    request: z
      .object({
        ...clientNoise,
        /** The game; a lottery launch (launchMode LOTT) names it by lottoGameCode instead. */
        nodeId: z.coerce.string().trim().max(40).optional(),
        gameId: trimmed(40),
        vassalage: trimmed(40),
        /** 1 real money (default), 0 free play (api-facts 8.5). */
        accountType: z.coerce.number().int().min(0).max(1).default(1),
        launchMode: trimmed(20),
        language: languageParam,
        confirmTrans: trimmed(10),
        webView: trimmed(10),
        isCoin: trimmed(10),
        username: trimmed(64),
        /** A PVP game's room (GLS2_roomList roomId): the provider opens the table of that stake level. */
        roomId: trimmed(60),
        /** The lottery launch (spec section 3 "Lottery launch"), with launchMode LOTT. */
        ...lotteryLaunchFields,
      })
      .superRefine(checkLotteryLaunch),
    response: z.object({
      content: z.object({
        /** Where the game runs (an iframe on /seamless, or a new window). */
        game_url: z.string(),
        /** 'real' or 'fun' (free play: no money moves). */
        mode: z.enum(['real', 'fun']),
        nodeId: z.string(),
        vassalage: z.string(),
        gameName: z.string(),
        expiresAt: z.string(),
      }),
    }),
    summary:
      "Starts a game: a short-lived game token bound to member, game and merchant, and the URL to open (with roomId, a PVP game opens in that room; another game's or an unknown room is a field error). Trial members and accountType 0 play for fun where supportPlay is 0 and the merchant allows free play; a trial member on a real-money-only game gets in_need_true_account; a game under maintenance game_maintenance. A lottery launch (launchMode LOTT: lottoArea, lottoPrizeMode, lottoGameCode, lottoView, device, backUrl, language) opens the lottery game of that code (the betting view) or the first game of the area and prize mode (the lobby view); lottery_game_unknown when no such game is offered, lottery_unavailable when its vendor or the game is switched off, backUrl field_invalid off the site's host.",
  }),
} as const;

/** One settled (or open) round of the betting record (personalHistoryCopy). */
export const betRecordSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  nodeId: z.string(),
  gameName: z.string(),
  gameType: gameCategorySchema,
  vassalage: z.string(),
  vendorName: z.string(),
  currency: z.string(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  /** payout − bet, from the member's side. */
  winLoss: moneyStringSchema,
  status: z.enum(['open', 'settled', 'cancelled']),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betTotalsSchema = z.object({
  betCount: z.number().int(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  winLoss: moneyStringSchema,
});
export type BetTotals = z.infer<typeof betTotalsSchema>;

/** Longest range the betting record and personal P&L answer at once. */
export const BET_RECORD_MAX_DAYS = 92;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' });
/** yyyy-MM-dd in the merchant's time zone; both ends included. */
const dateRange = {
  startDate: isoDate,
  endDate: isoDate,
};

export const betsEndpoints = {
  history: defineEndpoint({
    name: 'bets.history',
    method: 'GET',
    path: '/wps/bets/history',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.object({
      ...dateRange,
      gameType: categoryFilter,
      status: z.enum(['open', 'settled', 'cancelled']).optional(),
      pageNo,
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(betRecordSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      summary: betTotalsSchema,
    }),
    summary:
      "The member's betting record (personalHistoryCopy) between two dates of the merchant's time zone, newest first. A reversed or longer-than-92-day range: date_range_invalid.",
  }),
  profit: defineEndpoint({
    name: 'bets.profit',
    method: 'GET',
    path: '/wps/bets/profit',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.object(dateRange),
    response: z.object({
      currency: z.string(),
      byGameType: z.array(betTotalsSchema.extend({ gameType: gameCategorySchema })),
      byDay: z.array(betTotalsSchema.extend({ day: z.string() })),
      total: betTotalsSchema,
    }),
    summary: "The member's personal profit and loss (personalProfit) per game type and per day over settled rounds.",
  }),
} as const;

// ---------------------------------------------------------------------------------------------------------
// Back office: the catalogue per merchant.

export const adminVendorSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameTypes: z.array(gameCategorySchema),
  provider: z.string(),
  gameCount: z.number().int(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sort: z.number().int(),
  logoUrl: z.string(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;

export const gameNamesSchema = z.record(z.string(), z.string().trim().min(1).max(120));

export const adminGameSchema = z.object({
  nodeId: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: gameCategorySchema,
  gameClassify: z.string().nullable(),
  /** Names per language code; the merchant's own names replace the catalogue's where set. */
  names: z.record(z.string(), z.string()),
  catalogueNames: z.record(z.string(), z.string()),
  iconUrl: z.string(),
  /** The operator's own image, or null for the generated artwork. */
  customIconUrl: z.string().nullable(),
  artworkVariant: z.number().int(),
  enabled: z.boolean(),
  isHot: z.boolean(),
  maintenance: z.boolean(),
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  sort: z.number().int(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

const merchantParams = z.strictObject({ code: z.string().trim().min(1).max(64) });

export const adminGamesEndpoints = {
  listVendors: defineEndpoint({
    name: 'adminGames.listVendors',
    method: 'GET',
    path: '/api/admin/merchants/:code/games/vendors',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.array(adminVendorSchema),
    summary: "The merchant's vendors with enablement, maintenance and order.",
  }),
  updateVendor: defineEndpoint({
    name: 'adminGames.updateVendor',
    method: 'PATCH',
    path: '/api/admin/merchants/:code/games/vendors/:vassalage',
    moduleIds: [],
    access: access.operator('games.manage', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string().trim().min(1).max(64), vassalage: z.string().trim().min(1).max(40) }),
    request: z.strictObject({
      enabled: z.boolean().optional(),
      maintenance: z.boolean().optional(),
      sort: z.number().int().min(0).max(1_000_000).optional(),
      displayName: z.string().trim().min(1).max(60).nullable().optional(),
    }),
    response: adminVendorSchema,
    summary: 'Enables, disables, orders, renames or puts a vendor under maintenance for one merchant (audited).',
  }),
  listGames: defineEndpoint({
    name: 'adminGames.listGames',
    method: 'GET',
    path: '/api/admin/merchants/:code/games',
    moduleIds: [],
    access: access.operator('games.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      gameType: categoryFilter,
      vassalage: optionalFilter(40),
      q: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((value) => value || undefined),
      enabled: z.enum(['true', 'false']).optional(),
      hot: z.enum(['true', 'false']).optional(),
      pageNo,
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ list: z.array(adminGameSchema), pageNo: z.number().int(), totalPages: z.number().int() }),
    summary: "The merchant's games in lobby order, filtered and searched.",
  }),
  updateGame: defineEndpoint({
    name: 'adminGames.updateGame',
    method: 'PATCH',
    path: '/api/admin/merchants/:code/games/:nodeId',
    moduleIds: [],
    access: access.operator('games.manage', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: z.string().trim().min(1).max(64), nodeId: z.string().trim().min(1).max(40) }),
    request: z.strictObject({
      enabled: z.boolean().optional(),
      isHot: z.boolean().optional(),
      maintenance: z.boolean().optional(),
      sort: z.number().int().min(0).max(1_000_000).optional(),
      /** Per language; an empty object returns to the catalogue's names. */
      names: gameNamesSchema.optional(),
      /** An https image of the operator's own, or null for the generated artwork. */
      customIconUrl: z
        .url({ protocol: /^https$/, message: 'field_invalid' })
        .max(2000)
        .nullable()
        .optional(),
      /** Picks another palette and motif of the generated artwork. */
      artworkVariant: z.number().int().min(0).max(99).optional(),
    }),
    response: adminGameSchema,
    summary: 'Edits one game for one merchant: enablement, hot, order, maintenance, names, artwork (audited).',
  }),
  reorderGames: defineEndpoint({
    name: 'adminGames.reorderGames',
    method: 'POST',
    path: '/api/admin/merchants/:code/games/reorder',
    moduleIds: [],
    access: access.operator('games.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      /** The games in their new order; they take positions 10, 20, 30… ahead of the others. */
      nodeIds: z.array(z.string().trim().min(1).max(40)).min(1).max(500),
    }),
    response: z.object({ updated: z.number().int() }),
    summary: 'Puts the given games first, in the given order (audited).',
  }),
} as const;
