import { type GameCategory, inHouseAccountTypes } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { DemoClassification, DemoGame, DemoVendor } from './demo-catalogue';
import type { NameMap, VendorLaunchKind } from './games.schema';

/** A game as one merchant offers it: the catalogue row with the merchant's choices applied. */
export interface GameRow {
  id: number;
  vendorCode: string;
  vendorName: string;
  vendorPalette: number;
  launchKind: VendorLaunchKind;
  providerCode: string | null;
  gameType: GameCategory;
  classify: string | null;
  gameCode: string;
  names: NameMap;
  catalogueNames: NameMap;
  supportPlay: 0 | 1;
  accountTypeName: string;
  isGame: 'GAME' | 'VASSALAGE';
  isHot: boolean;
  artworkVariant: number;
  customIconUrl: string | null;
  engine: string;
  maintenance: boolean;
  enabled: boolean;
  sort: number;
}

export interface LobbyFilter {
  gameType?: GameCategory | undefined;
  gameTypes?: readonly GameCategory[] | undefined;
  vendorCode?: string | undefined;
  vendorCodes?: readonly string[] | undefined;
  gameCode?: string | undefined;
  classify?: string | undefined;
  /** Already lower-cased. */
  search?: string | undefined;
  hotOnly?: boolean;
  /** Include games the merchant disabled (back office). */
  includeDisabled?: boolean;
  enabled?: boolean | undefined;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The catalogue joined with one merchant's settings. `$1` is the merchant code. */
const GAME_COLUMNS = `
  g.id, g.vendor_code, coalesce(vs.display_name, v.display_name) AS vendor_name, v.palette AS vendor_palette,
  v.launch_kind, v.provider_code, g.game_type, g.classify, g.game_code,
  coalesce(s.names, g.names) AS names, g.names AS catalogue_names, g.support_play, g.account_type_name, g.is_game,
  coalesce(s.is_hot, g.is_hot) AS is_hot, coalesce(s.artwork_variant, g.artwork_variant) AS artwork_variant,
  s.custom_icon_url, g.engine,
  (coalesce(s.maintenance, false) OR coalesce(vs.maintenance, false)) AS maintenance,
  (coalesce(s.enabled, true) AND coalesce(vs.enabled, true)) AS enabled,
  coalesce(s.sort, g.sort) AS sort`;
const GAME_FROM = `
  FROM games g
  JOIN game_vendors v ON v.code = g.vendor_code
  LEFT JOIN merchant_vendor_settings vs ON vs.merchant_code = $1 AND vs.vendor_code = g.vendor_code
  LEFT JOIN merchant_game_settings s ON s.merchant_code = $1 AND s.game_id = g.id`;

interface RawGame {
  id: number;
  vendor_code: string;
  vendor_name: string;
  vendor_palette: number;
  launch_kind: VendorLaunchKind;
  provider_code: string | null;
  game_type: GameCategory;
  classify: string | null;
  game_code: string;
  names: NameMap;
  catalogue_names: NameMap;
  support_play: number;
  account_type_name: string;
  is_game: 'GAME' | 'VASSALAGE';
  is_hot: boolean;
  artwork_variant: number;
  custom_icon_url: string | null;
  engine: string;
  maintenance: boolean;
  enabled: boolean;
  sort: number;
}

const toRow = (raw: RawGame): GameRow => ({
  id: raw.id,
  vendorCode: raw.vendor_code,
  vendorName: raw.vendor_name,
  vendorPalette: raw.vendor_palette,
  launchKind: raw.launch_kind,
  providerCode: raw.provider_code,
  gameType: raw.game_type,
  classify: raw.classify,
  gameCode: raw.game_code,
  names: raw.names,
  catalogueNames: raw.catalogue_names,
  supportPlay: raw.support_play === 0 ? 0 : 1,
  accountTypeName: raw.account_type_name,
  isGame: raw.is_game,
  isHot: raw.is_hot,
  artworkVariant: raw.artwork_variant,
  customIconUrl: raw.custom_icon_url,
  engine: raw.engine,
  maintenance: raw.maintenance,
  enabled: raw.enabled,
  sort: raw.sort,
});

/** WHERE clauses of a lobby filter, numbering parameters after `params`. */
const whereOf = (filter: LobbyFilter, params: unknown[]): string => {
  const clauses: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.includeDisabled) {
    if (filter.enabled !== undefined) {
      clauses.push(`(coalesce(s.enabled, true) AND coalesce(vs.enabled, true)) = ${add(filter.enabled)}`);
    }
  } else {
    clauses.push('coalesce(s.enabled, true)', 'coalesce(vs.enabled, true)');
  }
  // RNG games of in-house vendors are listed under INHOUSE, not RNG (spec section 3 "Vendor category").
  if (filter.gameType === 'INHOUSE') {
    clauses.push(
      `(g.game_type = 'INHOUSE' OR (g.game_type = 'RNG' AND g.account_type_name = ANY(${add(inHouseAccountTypes)}::text[])))`,
    );
  } else if (filter.gameType === 'RNG') {
    clauses.push(`g.game_type = 'RNG' AND g.account_type_name <> ALL(${add(inHouseAccountTypes)}::text[])`);
  } else if (filter.gameType) clauses.push(`g.game_type = ${add(filter.gameType)}`);
  if (filter.gameTypes) clauses.push(`g.game_type = ANY(${add(filter.gameTypes)}::text[])`);
  if (filter.vendorCode) clauses.push(`g.vendor_code = ${add(filter.vendorCode)}`);
  if (filter.vendorCodes) clauses.push(`g.vendor_code = ANY(${add(filter.vendorCodes)}::text[])`);
  if (filter.gameCode !== undefined) clauses.push(`g.game_code = ${add(filter.gameCode)}`);
  if (filter.classify) clauses.push(`g.classify = ${add(filter.classify)}`);
  if (filter.hotOnly) clauses.push('coalesce(s.is_hot, g.is_hot)');
  if (filter.search) {
    const pattern = add(`%${escapeLike(filter.search)}%`);
    clauses.push(
      `(g.id IN (SELECT id FROM games WHERE search_text LIKE ${pattern}) OR (s.search_text IS NOT NULL AND s.search_text LIKE ${pattern}))`,
    );
  }
  return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
};

/** Lower-cased names in every language and the code: what search matches. */
export const searchTextOf = (names: NameMap, gameCode: string): string =>
  [...Object.values(names), gameCode].join(' \u0001 ').toLowerCase();

/** `games.id` is a `serial` (int4): a larger number cannot name a game, and PostgreSQL refuses it as a value. */
const MAX_GAME_ID = 2_147_483_647;
/** A game's id from a node id as the wire carries it: a positive integer within the `serial` column, else null. */
export const gameIdOf = (nodeId: string | number): number | null => {
  const id = Number(nodeId);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_GAME_ID ? id : null;
};

export const createGamesRepository = (pool: pg.Pool) => ({
  /**
   * Inserts what is missing of the demo catalogue; existing rows (and operators' edits) are left alone, but for the
   * engine (what the provider runs, which no operator edits): an existing game whose engine the catalogue changed
   * takes the new one (decision 0130: sports and e-sports moved from the dice stand-in to the sportsbook).
   */
  seedCatalogue: async (input: {
    vendors: DemoVendor[];
    classifications: DemoClassification[];
    games: DemoGame[];
    providerOf: (vendor: DemoVendor) => string | null;
  }): Promise<{ gamesAdded: number; enginesChanged: number }> => {
    return inTransaction(pool, async (client) => {
      // One seeder at a time, so two instances starting together do not interleave their inserts.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('tessera:games:seed'))");
      await client.query(
        `INSERT INTO game_vendors (code, display_name, launch_kind, provider_code, palette, sort)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::int[])
         ON CONFLICT (code) DO NOTHING`,
        [
          input.vendors.map((v) => v.code),
          input.vendors.map((v) => v.displayName),
          input.vendors.map((v) => v.launchKind),
          input.vendors.map((v) => input.providerOf(v)),
          input.vendors.map((v) => v.palette),
          input.vendors.map((_, index) => (index + 1) * 10),
        ],
      );
      await client.query(
        `INSERT INTO game_classifications (game_type, key, names, sort)
         SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::int[])
         ON CONFLICT DO NOTHING`,
        [
          input.classifications.map((c) => c.gameType),
          input.classifications.map((c) => c.key),
          input.classifications.map((c) => JSON.stringify(c.names)),
          input.classifications.map((_, index) => (index + 1) * 10),
        ],
      );
      const g = input.games;
      const result = await client.query(
        `INSERT INTO games (vendor_code, game_type, classify, game_code, names, search_text, support_play,
                            account_type_name, is_hot, artwork_variant, engine, sort)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[],
                              $7::smallint[], $8::text[], $9::boolean[], $10::smallint[], $11::text[], $12::int[])
         ON CONFLICT (vendor_code, game_code) DO UPDATE SET engine = EXCLUDED.engine
           WHERE games.engine IS DISTINCT FROM EXCLUDED.engine
         RETURNING (xmax = 0) AS added`,
        [
          g.map((x) => x.vendorCode),
          g.map((x) => x.gameType),
          g.map((x) => x.classify),
          g.map((x) => x.gameCode),
          g.map((x) => JSON.stringify(x.names)),
          g.map((x) => searchTextOf(x.names, x.gameCode)),
          g.map((x) => x.supportPlay),
          g.map((x) => x.accountTypeName),
          g.map((x) => x.isHot),
          g.map((x) => x.artworkVariant),
          g.map((x) => x.engine),
          g.map((_, index) => (index + 1) * 10),
        ],
      );
      const added = result.rows.filter((row: { added: boolean }) => row.added).length;
      return { gamesAdded: added, enginesChanged: result.rows.length - added };
    });
  },

  /** Points every seamless vendor at a provider (the demo provider's code can change with configuration). */
  setVendorProvider: async (launchKind: VendorLaunchKind, providerCode: string | null) => {
    await pool.query('UPDATE game_vendors SET provider_code = $2 WHERE launch_kind = $1', [launchKind, providerCode]);
  },

  /**
   * One page of a merchant's games in lobby order, with the total count. Two steps: the order is decided on narrow
   * rows (ids and sort keys only), then the page's full rows are read by id.
   */
  listGames: async (
    merchantCode: string,
    filter: LobbyFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: GameRow[]; total: number }> => {
    const params: unknown[] = [merchantCode];
    const where = whereOf(filter, params);
    params.push(page.limit, page.offset);
    const ordered = await pool.query<{ id: number; total: string }>(
      `SELECT g.id, count(*) OVER () AS total
       FROM games g
       LEFT JOIN merchant_vendor_settings vs ON vs.merchant_code = $1 AND vs.vendor_code = g.vendor_code
       LEFT JOIN merchant_game_settings s ON s.merchant_code = $1 AND s.game_id = g.id
       ${where}
       ORDER BY coalesce(s.sort, g.sort), g.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = ordered.rows[0] ? Number(ordered.rows[0].total) : 0;
    if (ordered.rows.length === 0) {
      // Past the last page the window has no row to carry the total: count on its own.
      const counted =
        page.offset > 0
          ? await pool.query<{ n: string }>(
              `SELECT count(*) AS n FROM games g
         LEFT JOIN merchant_vendor_settings vs ON vs.merchant_code = $1 AND vs.vendor_code = g.vendor_code
         LEFT JOIN merchant_game_settings s ON s.merchant_code = $1 AND s.game_id = g.id ${where}`,
              params.slice(0, -2),
            )
          : null;
      return { rows: [], total: counted ? Number(counted.rows[0]?.n ?? 0) : 0 };
    }
    const ids = ordered.rows.map((row) => row.id);
    const { rows } = await pool.query<RawGame>(`SELECT ${GAME_COLUMNS} ${GAME_FROM} WHERE g.id = ANY($2::int[])`, [
      merchantCode,
      ids,
    ]);
    const byId = new Map(rows.map((row) => [row.id, toRow(row)]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
  },

  /**
   * Every game the merchant offers (enabled), in lobby order, with the texts search matches: the catalogue's and
   * the merchant's own names. What the in-memory catalogue (catalogue.ts) holds.
   */
  catalogue: async (merchantCode: string): Promise<{ row: GameRow; searchTexts: string[] }[]> => {
    const { rows } = await pool.query<RawGame & { search_text: string; merchant_search_text: string | null }>(
      `SELECT ${GAME_COLUMNS}, g.search_text, s.search_text AS merchant_search_text ${GAME_FROM}
       WHERE coalesce(s.enabled, true) AND coalesce(vs.enabled, true)
       ORDER BY coalesce(s.sort, g.sort), g.id`,
      [merchantCode],
    );
    return rows.map((raw) => ({
      row: toRow(raw),
      searchTexts: raw.merchant_search_text ? [raw.search_text, raw.merchant_search_text] : [raw.search_text],
    }));
  },

  /** Games by id as the merchant offers them (disabled ones included: callers decide). */
  findGames: async (merchantCode: string, ids: readonly number[]): Promise<GameRow[]> => {
    if (ids.length === 0) return [];
    const { rows } = await pool.query<RawGame>(`SELECT ${GAME_COLUMNS} ${GAME_FROM} WHERE g.id = ANY($2::int[])`, [
      merchantCode,
      ids,
    ]);
    return rows.map(toRow);
  },

  findByCode: async (merchantCode: string, vendorCode: string, gameCode: string): Promise<GameRow | null> => {
    const { rows } = await pool.query<RawGame>(
      `SELECT ${GAME_COLUMNS} ${GAME_FROM} WHERE g.vendor_code = $2 AND g.game_code = $3`,
      [merchantCode, vendorCode, gameCode],
    );
    return rows[0] ? toRow(rows[0]) : null;
  },

  /** Per category and vendor: enabled game counts, the first game, and maintenance, for the vendor lanes. */
  vendorCards: async (merchantCode: string) => {
    const { rows } = await pool.query<{
      game_type: GameCategory;
      vendor_code: string;
      vendor_name: string;
      palette: number;
      vendor_sort: number;
      game_count: string;
      first_game: number;
      first_code: string;
      account_type_name: string;
      maintenance: boolean;
    }>(
      `SELECT g.game_type, g.vendor_code, coalesce(vs.display_name, v.display_name) AS vendor_name, v.palette,
              coalesce(vs.sort, v.sort) AS vendor_sort, count(*) AS game_count,
              (array_agg(g.id ORDER BY coalesce(s.sort, g.sort), g.id))[1] AS first_game,
              (array_agg(g.game_code ORDER BY coalesce(s.sort, g.sort), g.id))[1] AS first_code,
              min(g.account_type_name) AS account_type_name, bool_or(coalesce(vs.maintenance, false)) AS maintenance
       ${GAME_FROM}
       WHERE coalesce(s.enabled, true) AND coalesce(vs.enabled, true)
       GROUP BY g.game_type, g.vendor_code, vs.display_name, v.display_name, v.palette, vs.sort, v.sort
       ORDER BY vendor_sort, g.vendor_code`,
      [merchantCode],
    );
    return rows.map((row) => ({
      gameType: row.game_type,
      vendorCode: row.vendor_code,
      vendorName: row.vendor_name,
      palette: row.palette,
      gameCount: Number(row.game_count),
      firstGameId: row.first_game,
      firstGameCode: row.first_code,
      accountTypeName: row.account_type_name,
      maintenance: row.maintenance,
    }));
  },

  /** Per category, classification and vendor: enabled game counts. */
  classifyCounts: async (merchantCode: string) => {
    const { rows } = await pool.query<{
      game_type: GameCategory;
      classify: string;
      vendor_code: string;
      game_count: string;
    }>(
      `SELECT g.game_type, g.classify, g.vendor_code, count(*) AS game_count ${GAME_FROM}
       WHERE g.classify IS NOT NULL AND coalesce(s.enabled, true) AND coalesce(vs.enabled, true)
       GROUP BY g.game_type, g.classify, g.vendor_code`,
      [merchantCode],
    );
    return rows.map((row) => ({
      gameType: row.game_type,
      classify: row.classify,
      vendorCode: row.vendor_code,
      gameCount: Number(row.game_count),
    }));
  },

  classifications: async () => {
    const { rows } = await pool.query<{ game_type: GameCategory; key: string; names: NameMap }>(
      'SELECT game_type, key, names FROM game_classifications ORDER BY sort',
    );
    return rows.map((row) => ({ gameType: row.game_type, key: row.key, names: row.names }));
  },

  vendors: async (merchantCode: string) => {
    const { rows } = await pool.query<{
      code: string;
      display_name: string;
      catalogue_name: string;
      launch_kind: VendorLaunchKind;
      provider_code: string | null;
      palette: number;
      sort: number;
      enabled: boolean;
      maintenance: boolean;
      game_types: GameCategory[];
      game_count: string;
    }>(
      `SELECT v.code, coalesce(vs.display_name, v.display_name) AS display_name, v.display_name AS catalogue_name,
              v.launch_kind, v.provider_code, v.palette, coalesce(vs.sort, v.sort) AS sort,
              coalesce(vs.enabled, true) AS enabled, coalesce(vs.maintenance, false) AS maintenance,
              coalesce((SELECT array_agg(DISTINCT game_type) FROM games WHERE vendor_code = v.code), '{}') AS game_types,
              (SELECT count(*) FROM games WHERE vendor_code = v.code) AS game_count
       FROM game_vendors v
       LEFT JOIN merchant_vendor_settings vs ON vs.merchant_code = $1 AND vs.vendor_code = v.code
       ORDER BY coalesce(vs.sort, v.sort), v.code`,
      [merchantCode],
    );
    return rows.map((row) => ({
      code: row.code,
      displayName: row.display_name,
      launchKind: row.launch_kind,
      providerCode: row.provider_code,
      palette: row.palette,
      sort: row.sort,
      enabled: row.enabled,
      maintenance: row.maintenance,
      gameTypes: row.game_types,
      gameCount: Number(row.game_count),
    }));
  },

  vendor: async (code: string) => {
    const { rows } = await pool.query<{ code: string; display_name: string; palette: number }>(
      'SELECT code, display_name, palette FROM game_vendors WHERE code = $1',
      [code],
    );
    const row = rows[0];
    return row ? { code: row.code, displayName: row.display_name, palette: row.palette } : null;
  },

  upsertVendorSettings: async (
    merchantCode: string,
    vendorCode: string,
    patch: { enabled?: boolean; maintenance?: boolean; sort?: number; displayName?: string | null },
  ) => {
    await pool.query(
      `INSERT INTO merchant_vendor_settings (merchant_code, vendor_code, enabled, maintenance, sort, display_name)
       VALUES ($1, $2, coalesce($3, true), coalesce($4, false), $5, $6)
       ON CONFLICT (merchant_code, vendor_code) DO UPDATE SET
         enabled = coalesce($3, merchant_vendor_settings.enabled),
         maintenance = coalesce($4, merchant_vendor_settings.maintenance),
         sort = CASE WHEN $7 THEN $5 ELSE merchant_vendor_settings.sort END,
         display_name = CASE WHEN $8 THEN $6 ELSE merchant_vendor_settings.display_name END,
         updated_at = now()`,
      [
        merchantCode,
        vendorCode,
        patch.enabled ?? null,
        patch.maintenance ?? null,
        patch.sort ?? null,
        patch.displayName ?? null,
        patch.sort !== undefined,
        patch.displayName !== undefined,
      ],
    );
  },

  upsertGameSettings: async (
    merchantCode: string,
    gameId: number,
    patch: {
      enabled?: boolean;
      isHot?: boolean;
      maintenance?: boolean;
      sort?: number;
      names?: { names: NameMap | null; searchText: string | null };
      customIconUrl?: string | null;
      artworkVariant?: number;
    },
  ) => {
    await pool.query(
      `INSERT INTO merchant_game_settings (merchant_code, game_id, enabled, is_hot, maintenance, sort, names,
                                           search_text, custom_icon_url, artwork_variant)
       VALUES ($1, $2, coalesce($3, true), $4, coalesce($5, false), $6, $7, $8, $9, $10)
       ON CONFLICT (merchant_code, game_id) DO UPDATE SET
         enabled = coalesce($3, merchant_game_settings.enabled),
         is_hot = coalesce($4, merchant_game_settings.is_hot),
         maintenance = coalesce($5, merchant_game_settings.maintenance),
         sort = coalesce($6, merchant_game_settings.sort),
         names = CASE WHEN $11 THEN $7 ELSE merchant_game_settings.names END,
         search_text = CASE WHEN $11 THEN $8 ELSE merchant_game_settings.search_text END,
         custom_icon_url = CASE WHEN $12 THEN $9 ELSE merchant_game_settings.custom_icon_url END,
         artwork_variant = coalesce($10, merchant_game_settings.artwork_variant),
         updated_at = now()`,
      [
        merchantCode,
        gameId,
        patch.enabled ?? null,
        patch.isHot ?? null,
        patch.maintenance ?? null,
        patch.sort ?? null,
        patch.names?.names ? JSON.stringify(patch.names.names) : null,
        patch.names?.searchText ?? null,
        patch.customIconUrl ?? null,
        patch.artworkVariant ?? null,
        patch.names !== undefined,
        patch.customIconUrl !== undefined,
      ],
    );
  },

  /** Puts the listed games, in their order, ahead of every other game of the merchant. */
  reorder: async (merchantCode: string, gameIds: readonly number[]): Promise<number> => {
    const result = await pool.query(
      `WITH base AS (
         SELECT least((SELECT min(sort) FROM merchant_game_settings WHERE merchant_code = $1 AND sort IS NOT NULL),
                      (SELECT min(sort) FROM games)) AS b)
       INSERT INTO merchant_game_settings (merchant_code, game_id, sort)
       SELECT $1, id, (SELECT b FROM base) - (cardinality($2::int[]) - ord + 1) * 10
       FROM unnest($2::int[]) WITH ORDINALITY AS t(id, ord)
       ON CONFLICT (merchant_code, game_id) DO UPDATE SET sort = excluded.sort, updated_at = now()`,
      [merchantCode, gameIds],
    );
    return result.rowCount ?? 0;
  },

  favouriteIds: async (memberId: string): Promise<number[]> => {
    const { rows } = await pool.query<{ game_id: number }>(
      'SELECT game_id FROM favourite_games WHERE member_id = $1 ORDER BY created_at DESC, game_id',
      [memberId],
    );
    return rows.map((row) => row.game_id);
  },

  addFavourite: async (memberId: string, gameId: number) => {
    await pool.query('INSERT INTO favourite_games (member_id, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      memberId,
      gameId,
    ]);
  },

  removeFavourite: async (memberId: string, gameId: number) => {
    await pool.query('DELETE FROM favourite_games WHERE member_id = $1 AND game_id = $2', [memberId, gameId]);
  },

  /** A member's favourite or recent games that the merchant still offers, newest first. */
  listMemberGames: async (
    table: 'favourite_games' | 'recent_games',
    merchantCode: string,
    memberId: string,
    filter: LobbyFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: GameRow[]; total: number }> => {
    const params: unknown[] = [merchantCode];
    const where = whereOf(filter, params);
    params.push(memberId, page.limit, page.offset);
    const at = table === 'favourite_games' ? 'created_at' : 'played_at';
    const { rows } = await pool.query<RawGame & { total: string }>(
      `SELECT ${GAME_COLUMNS}, count(*) OVER () AS total ${GAME_FROM}
       JOIN ${table} m ON m.game_id = g.id AND m.member_id = $${params.length - 2}
       ${where} ORDER BY m.${at} DESC, g.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows: rows.map(toRow), total: rows[0] ? Number(rows[0].total) : 0 };
  },

  touchRecent: async (memberId: string, gameId: number) => {
    await pool.query(
      `INSERT INTO recent_games (member_id, game_id) VALUES ($1, $2)
       ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = now()`,
      [memberId, gameId],
    );
  },

  createSession: async (session: {
    tokenHash: string;
    merchantCode: string;
    memberId: string;
    gameId: number;
    vendorCode: string;
    providerCode: string | null;
    mode: 'real' | 'fun';
    currency: string;
    language: string;
    expiresAt: Date;
  }) => {
    await pool.query(
      `INSERT INTO game_sessions (token_hash, merchant_code, member_id, game_id, vendor_code, provider_code, mode,
                                  currency, language, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        session.tokenHash,
        session.merchantCode,
        session.memberId,
        session.gameId,
        session.vendorCode,
        session.providerCode,
        session.mode,
        session.currency,
        session.language,
        session.expiresAt,
      ],
    );
  },

  findSession: async (tokenHash: string) => {
    const { rows } = await pool.query<{
      id: string;
      merchant_code: string;
      member_id: string;
      game_id: number;
      vendor_code: string;
      provider_code: string | null;
      mode: 'real' | 'fun';
      currency: string;
      language: string;
      expires_at: Date;
      game_code: string;
      game_type: GameCategory;
      engine: string;
      member_locked: boolean;
      merchant_enabled: boolean;
    }>(
      `SELECT gs.id, gs.merchant_code, gs.member_id, gs.game_id, gs.vendor_code, gs.provider_code, gs.mode,
              gs.currency, gs.language, gs.expires_at, g.game_code, g.game_type, g.engine,
              m.locked_at IS NOT NULL AS member_locked, mc.enabled AS merchant_enabled
       FROM game_sessions gs JOIN games g ON g.id = gs.game_id
       JOIN members m ON m.id = gs.member_id JOIN merchants mc ON mc.code = gs.merchant_code
       WHERE gs.token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          merchantCode: row.merchant_code,
          memberId: row.member_id,
          gameId: row.game_id,
          vendorCode: row.vendor_code,
          providerCode: row.provider_code,
          mode: row.mode,
          currency: row.currency,
          language: row.language,
          expiresAt: row.expires_at,
          gameCode: row.game_code,
          gameType: row.game_type,
          engine: row.engine,
          /** The member was locked, or its merchant disabled, after the launch: no new stakes. */
          memberLocked: row.member_locked,
          merchantEnabled: row.merchant_enabled,
        }
      : null;
  },

  /** Members with a live session per game. */
  activePlayers: async (gameIds: readonly number[]): Promise<Map<number, number>> => {
    if (gameIds.length === 0) return new Map();
    const { rows } = await pool.query<{ game_id: number; players: string }>(
      `SELECT game_id, count(DISTINCT member_id) AS players FROM game_sessions
       WHERE game_id = ANY($1::int[]) AND expires_at > now() GROUP BY game_id`,
      [gameIds],
    );
    return new Map(rows.map((row) => [row.game_id, Number(row.players)]));
  },

  /** The demo's seeded wins since `since` (decision 0065), largest first. */
  demoWins: async (merchantCode: string, since: Date, gameTypes: readonly string[] | null, limit: number) => {
    const { rows } = await pool.query<{
      game_id: number;
      player_name: string;
      payout: string;
      currency: string;
      won_at: Date;
    }>(
      `SELECT w.game_id, w.player_name, w.payout::text AS payout, w.currency, w.won_at
       FROM demo_wins w JOIN games g ON g.id = w.game_id
       WHERE w.merchant_code = $1 AND w.won_at >= $2 AND ($3::text[] IS NULL OR g.game_type = ANY($3::text[]))
       ORDER BY w.payout DESC, w.won_at DESC LIMIT $4`,
      [merchantCode, since, gameTypes, limit],
    );
    return rows.map((row) => ({
      gameId: row.game_id,
      playerName: row.player_name,
      payout: BigInt(row.payout),
      currency: row.currency,
      wonAt: row.won_at,
    }));
  },

  /** Adds demo wins unless the merchant has some since `since` (one statement: parallel starts add them once). */
  seedDemoWins: async (
    merchantCode: string,
    since: Date,
    wins: readonly { gameId: number; playerName: string; payout: bigint; currency: string; wonAt: Date }[],
  ): Promise<number> => {
    const result = await pool.query(
      `INSERT INTO demo_wins (merchant_code, game_id, player_name, payout, currency, won_at)
       SELECT $1, w.game_id, w.player_name, w.payout, w.currency, w.won_at
       FROM unnest($3::int[], $4::text[], $5::bigint[], $6::text[], $7::timestamptz[])
         AS w(game_id, player_name, payout, currency, won_at)
       WHERE NOT EXISTS (SELECT 1 FROM demo_wins WHERE merchant_code = $1 AND won_at >= $2)`,
      [
        merchantCode,
        since,
        wins.map((win) => win.gameId),
        wins.map((win) => win.playerName),
        wins.map((win) => win.payout.toString()),
        wins.map((win) => win.currency),
        wins.map((win) => win.wonAt),
      ],
    );
    return result.rowCount ?? 0;
  },

  /** The hot games of the catalogue (ids), for the demo's wins. */
  hotGameIds: async (): Promise<number[]> => {
    const { rows } = await pool.query<{ id: number }>(`SELECT id FROM games WHERE is_hot ORDER BY id LIMIT 60`);
    return rows.map((row) => row.id);
  },
});

export type GamesRepository = ReturnType<typeof createGamesRepository>;
