import type { GameCategory } from '@tessera/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Names per language code ({ EN: 'Lucky Tiger', CN: '幸运老虎' }); English is always present. */
export type NameMap = Record<string, string>;

/** Who runs a vendor's games: an outside provider through the seamless wallet, or the platform itself. */
export type VendorLaunchKind = 'seamless' | 'inhouse' | 'lottery';

/** A game vendor (vassalage code). */
export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  displayName: text('display_name').notNull(),
  launchKind: text('launch_kind').$type<VendorLaunchKind>().notNull(),
  /** The seamless-wallet provider that hosts this vendor's games (docs/seamless-wallet.md); null for in-house. */
  providerCode: text('provider_code'),
  /** Index into the artwork palettes: the vendor's colours on every generated tile. */
  palette: smallint('palette').notNull(),
  sort: integer('sort').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A classification inside a category (RNG: SC, VP, JP, TG, AC, BG; LIVE: baccarat, roulette…). */
export const gameClassifications = pgTable(
  'game_classifications',
  {
    gameType: text('game_type').$type<GameCategory>().notNull(),
    key: text('key').notNull(),
    names: jsonb('names').$type<NameMap>().notNull(),
    sort: integer('sort').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameType, table.key] })],
);

/** The catalogue: every game any merchant may offer. The nodeId on the wire is the id. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code),
    gameType: text('game_type').$type<GameCategory>().notNull(),
    classify: text('classify'),
    gameCode: text('game_code').notNull(),
    names: jsonb('names').$type<NameMap>().notNull(),
    /** Lower-cased names in every language and the game code: what lobby search matches (pg_trgm). */
    searchText: text('search_text').notNull(),
    /** 0: a free trial is offered (spec section 3). */
    supportPlay: smallint('support_play').notNull(),
    accountTypeName: text('account_type_name').notNull(),
    isGame: text('is_game').$type<'GAME' | 'VASSALAGE'>().notNull().default('GAME'),
    isHot: boolean('is_hot').notNull().default(false),
    /** Picks the generated artwork's motif; operators may choose another per merchant. */
    artworkVariant: smallint('artwork_variant').notNull(),
    /** What the provider runs (reference provider: slot, dice, lottery, sportsbook, live, cockfight, fishing; the in-house engine's game). */
    engine: text('engine').notNull(),
    sort: integer('sort').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_key').on(table.vendorCode, table.gameCode),
    index('games_lobby_idx').on(table.gameType, table.vendorCode, table.sort, table.id),
    index('games_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** A merchant's choices about a vendor; absent means enabled, in catalogue order. */
export const merchantVendorSettings = pgTable(
  'merchant_vendor_settings',
  {
    merchantCode: text('merchant_code').notNull(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code),
    enabled: boolean('enabled').notNull().default(true),
    maintenance: boolean('maintenance').notNull().default(false),
    sort: integer('sort'),
    displayName: text('display_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.vendorCode] })],
);

/** A merchant's choices about a game; a null column falls back to the catalogue. */
export const merchantGameSettings = pgTable(
  'merchant_game_settings',
  {
    merchantCode: text('merchant_code').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    enabled: boolean('enabled').notNull().default(true),
    isHot: boolean('is_hot'),
    maintenance: boolean('maintenance').notNull().default(false),
    sort: integer('sort'),
    names: jsonb('names').$type<NameMap>(),
    searchText: text('search_text'),
    customIconUrl: text('custom_icon_url'),
    artworkVariant: smallint('artwork_variant'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.gameId] }),
    index('merchant_game_settings_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: uuid('member_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('favourite_games_member_idx').on(table.memberId, table.createdAt),
  ],
);

export const recentGames = pgTable(
  'recent_games',
  {
    memberId: uuid('member_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('recent_games_member_idx').on(table.memberId, table.playedAt),
  ],
);

/**
 * A launch: a short-lived game token (stored as its SHA-256) bound to member, game and merchant. The provider
 * presents it on every wallet call; bets need it unexpired, wins and rollbacks only need it to exist.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    merchantCode: text('merchant_code').notNull(),
    memberId: uuid('member_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    vendorCode: text('vendor_code').notNull(),
    providerCode: text('provider_code'),
    mode: text('mode').$type<'real' | 'fun'>().notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('game_sessions_token_key').on(table.tokenHash),
    index('game_sessions_game_idx').on(table.gameId, table.expiresAt),
  ],
);

/**
 * The demo's history of wins (decision 0065): plausible wins seeded for the demo merchant so that its winners board
 * shows from the first visit. Not bets and not money: the board labels them as the demo's, and real wins rank
 * beside them.
 */
export const demoWins = pgTable(
  'demo_wins',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    /** Already masked as the board shows names (first two and last characters). */
    playerName: text('player_name').notNull(),
    /** Minor units of `currency`. */
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('demo_wins_merchant_idx').on(table.merchantCode, table.wonAt)],
);
