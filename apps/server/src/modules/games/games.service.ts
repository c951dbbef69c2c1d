import {
  formatMinor,
  type Game,
  type GameCategory,
  gameCategories,
  inHouseAccountTypes,
  isLanguageCode,
  type LottoArea,
  type LottoDevice,
  type LottoPrizeMode,
  type LottoView,
  lotteryVendors,
  lotteryVendorsOf,
  TRIAL_MEMBER_TYPE,
  type VendorLane,
  type WinnerEntry,
} from '@tessera/contracts';
import type { Caches } from '../../platform/cache';
import { AppError } from '../../platform/http/app-error';
import { deepFreeze } from '../../platform/http/checked-answers';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { hashToken, newSessionToken } from '../../platform/security/tokens';
import type { BetsService } from '../bets';
import { artworkVersion, gameArtworkSvg, vendorLogoSvg } from './artwork';
import type { Catalogue } from './catalogue';
import { demoClassifications, demoGames, demoVendors, demoWinsOf } from './demo-catalogue';
import { iconUrlOf, nameIn, presentGame, presentVendorCard } from './games.presenter';
import { type GameRow, type GamesRepository, gameIdOf, type LobbyFilter, searchTextOf } from './games.repository';
import type { NameMap } from './games.schema';

/** How long a game token lives without provider activity. */
export const GAME_SESSION_TTL_MS = 30 * 60_000;
/**
 * Lanes, hot games and the winners board are cached this long per merchant; an operator's edit drops them on every
 * instance at once (platform/cache, decision 0119), so the lifetime only bounds how late new wins show.
 */
const CACHE_MS = 15_000;
/** How many game sessions' fixed facts the seamless wallet keeps in memory (oldest dropped first). */
const SESSION_FACTS_KEPT = 20_000;
const WINNER_DAYS = 7;
const DAY_MS = 86_400_000;
const SUGGESTIONS = 6;

/** Where an outside provider's game opens for a launch (from the provider registry, wired in app.ts). */
export type ProviderLaunchUrl = (
  providerCode: string,
  launch: {
    token: string;
    gameCode: string;
    engine: string;
    language: string;
    mode: 'real' | 'fun';
    currency: string;
    /** A PVP room: its level and stake range (wire amounts). */
    room?: { level: string; minBet: string; maxBet: string };
    /** A lottery launch: the view to open, the page to go back to, and the lottery's area and prize mode. */
    lottery?: { view: LottoView; backUrl: string; prizeMode: LottoPrizeMode; area: LottoArea; device: LottoDevice };
  },
) => string | null;

/** A member's name as the winners board shows it: first two and last characters. */
export const maskName = (name: string): string => {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
};

const PVP_LEVELS = [
  { level: 'beginner', min: 10n, max: 1_000n },
  { level: 'intermediate', min: 100n, max: 10_000n },
  { level: 'advanced', min: 1_000n, max: 100_000n },
  { level: 'vip', min: 10_000n, max: 1_000_000n },
] as const;

/** The room a PVP launch names (`<game id>-<level>`, as GLS2_roomList lists it); anything else is a field error. */
const roomOf = (game: { id: number; gameType: string }, roomId: string, currency: string) => {
  const level = PVP_LEVELS.find((candidate) => roomId === `${game.id}-${candidate.level}`);
  if (game.gameType !== 'PVP' || !level) {
    throw new AppError('validation_failed', { fieldErrors: [{ path: 'roomId', code: 'field_invalid' }] });
  }
  return { level: level.level, minBet: formatMinor(level.min, currency), maxBet: formatMinor(level.max, currency) };
};

const pageOf = (pageNo: number, pageSize: number) => ({ offset: (pageNo - 1) * pageSize, limit: pageSize });
const totalPagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const createGamesService = (deps: {
  repository: GamesRepository;
  bets: BetsService;
  memberName: (memberId: string) => Promise<string | null>;
  providerLaunchUrl: ProviderLaunchUrl;
  catalogue: Catalogue;
  caches: Caches;
}) => {
  const { repository, catalogue, caches } = deps;
  // Keys start with the merchant's code, so an invalidation of the code drops all of that merchant's entries.
  const lanesCache = caches.keyed<VendorLane[]>('games.lanes', { ttlMs: CACHE_MS });
  const hotCache = caches.keyed<GameRow[]>('games.hot', { ttlMs: CACHE_MS });
  const winnersCache = caches.keyed<WinnerEntry[]>('games.winners', { ttlMs: CACHE_MS });
  /** After a committed change to what `merchantCode`'s lobby shows (null: every merchant's): every instance's copies drop. */
  const lobbyChanged = async (merchantCode: string | null, options: { winners: boolean }) => {
    await Promise.all([
      catalogue.changed(merchantCode),
      lanesCache.invalidate(merchantCode),
      hotCache.invalidate(merchantCode),
      options.winners ? winnersCache.invalidate(merchantCode) : null,
    ]);
  };
  const sessionFacts = new Map<string, GameSessionFacts>();

  const visibleGame = async (merchant: MerchantContext, nodeId: string): Promise<GameRow> => {
    const id = gameIdOf(nodeId);
    const [row] = id ? await repository.findGames(merchant.code, [id]) : [];
    if (!row?.enabled) throw new AppError('not_found');
    return row;
  };

  const lanes = (merchant: MerchantContext, language: string | null): Promise<VendorLane[]> =>
    lanesCache.get(`${merchant.code}|${language}`, async () => {
      const [cards, counts, classifications] = await Promise.all([
        repository.vendorCards(merchant.code),
        repository.classifyCounts(merchant.code),
        repository.classifications(),
      ]);
      const inHouse = new Set<string>(inHouseAccountTypes);
      // RNG cards of in-house vendors move to the INHOUSE lane (spec section 3 "Vendor category").
      const laneOf = (card: (typeof cards)[number]): GameCategory =>
        card.gameType === 'RNG' && inHouse.has(card.accountTypeName) ? 'INHOUSE' : card.gameType;
      return gameCategories
        .map((title): VendorLane => {
          const laneCards = cards.filter((card) => laneOf(card) === title);
          const vendors = new Set(laneCards.map((card) => card.vendorCode));
          return {
            title,
            cards: laneCards.map(presentVendorCard),
            gameClassify: classifications
              .filter((c) => c.gameType === title)
              .map((c) => {
                const rows = counts.filter(
                  (n) => n.gameType === title && n.classify === c.key && vendors.has(n.vendorCode),
                );
                return {
                  key: c.key,
                  displayName: nameIn(c.names, language),
                  gameCount: rows.reduce((sum, n) => sum + n.gameCount, 0),
                  vendors: rows.map((n) => n.vendorCode),
                };
              })
              .filter((c) => c.gameCount > 0),
          };
        })
        .filter((lane) => lane.cards.length > 0);
    });

  const hotRows = (merchant: MerchantContext) =>
    hotCache.get(`${merchant.code}|hot`, async () => {
      const { rows } = await repository.listGames(merchant.code, { hotOnly: true }, { offset: 0, limit: 200 });
      return rows;
    });

  const suggestionsFor = async (merchant: MerchantContext, game: GameRow, language: string | null): Promise<Game[]> => {
    const { rows } = await repository.listGames(
      merchant.code,
      { gameType: game.gameType },
      { offset: 0, limit: SUGGESTIONS * 3 },
    );
    return rows
      .filter((row) => row.id !== game.id && !row.maintenance)
      .sort((a, b) => Number(b.isHot) - Number(a.isHot))
      .slice(0, SUGGESTIONS)
      .map((row) => presentGame(row, language));
  };

  /** The URL of a game at its outside provider, and the game session (token) it carries. */
  const startProviderSession = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    game: GameRow,
    launch: {
      language: string;
      mode: 'real' | 'fun';
      room?: Parameters<ProviderLaunchUrl>[1]['room'] | undefined;
      lottery?: Parameters<ProviderLaunchUrl>[1]['lottery'];
    },
  ) => {
    const currency = merchant.settings.currency;
    const expiresAt = new Date(Date.now() + GAME_SESSION_TTL_MS);
    const token = newSessionToken();
    const gameUrl = game.providerCode
      ? deps.providerLaunchUrl(game.providerCode, {
          token,
          gameCode: game.gameCode,
          engine: game.engine,
          language: launch.language,
          mode: launch.mode,
          currency,
          ...(launch.room ? { room: launch.room } : {}),
          ...(launch.lottery ? { lottery: launch.lottery } : {}),
        })
      : null;
    if (!gameUrl)
      throw new AppError('game_maintenance', {
        value: { suggestions: await suggestionsFor(merchant, game, launch.language) },
      });
    await repository.createSession({
      tokenHash: hashToken(token),
      merchantCode: merchant.code,
      memberId: member.memberId,
      gameId: game.id,
      vendorCode: game.vendorCode,
      providerCode: game.providerCode,
      mode: launch.mode,
      currency,
      language: launch.language,
      expiresAt,
    });
    return { gameUrl, expiresAt };
  };

  const launched = (game: GameRow, gameUrl: string, mode: 'real' | 'fun', expiresAt: Date, language: string) => ({
    game_url: gameUrl,
    mode,
    nodeId: String(game.id),
    vassalage: game.vendorCode,
    gameName: nameIn(game.names, language),
    expiresAt: expiresAt.toISOString(),
  });

  /** A member's favourite or recent games, as the merchant still offers them. */
  const memberGames = async (
    table: 'favourite_games' | 'recent_games',
    merchant: MerchantContext,
    member: MemberPrincipal,
    filter: { gameType?: GameCategory; vassalage?: string },
    page: { pageNo: number; pageSize: number },
    language: string | null,
  ) => {
    const { rows, total } = await repository.listMemberGames(
      table,
      merchant.code,
      member.memberId,
      { gameType: filter.gameType, vendorCode: filter.vassalage },
      pageOf(page.pageNo, page.pageSize),
    );
    return { games: rows.map((row) => presentGame(row, language)), totalPages: totalPagesOf(total, page.pageSize) };
  };

  return {
    /** Adds whatever is missing of the demo catalogue (idempotent) and points outside and lottery vendors at `providerCode`. */
    seedDemoCatalogue: async (providerCode: string | null) => {
      const result = await repository.seedCatalogue({
        vendors: demoVendors(),
        classifications: demoClassifications(),
        games: demoGames(),
        // Outside vendors' games, and the lottery vendors' (launched from the lottery pages), open at the provider.
        providerOf: (vendor) => (vendor.launchKind === 'inhouse' ? null : providerCode),
      });
      await repository.setVendorProvider('seamless', providerCode);
      await repository.setVendorProvider('lottery', providerCode);
      await lobbyChanged(null, { winners: false });
      return result;
    },

    /**
     * The demo's history of wins (decision 0065): about two dozen plausible wins over the last three days on hot
     * games, added at a start when the merchant has none in the winners board's window, so the board shows from
     * the first visit. Labelled as the demo's wherever they show.
     */
    seedDemoWins: async (merchantCode: string, currency: string, now = new Date()) => {
      const gameIds = await repository.hotGameIds();
      if (gameIds.length === 0) return 0;
      const wins = demoWinsOf(gameIds, currency, now);
      const added = await repository.seedDemoWins(
        merchantCode,
        new Date(now.getTime() - (WINNER_DAYS - 1) * DAY_MS),
        wins,
      );
      if (added > 0) await winnersCache.invalidate(merchantCode);
      return added;
    },

    list: async (
      merchant: MerchantContext,
      filter: { gameType?: GameCategory; vassalage?: string; gameClassify?: string; gameName?: string },
      page: { pageNo: number; pageSize: number },
      language: string | null,
    ) => {
      const lobby: LobbyFilter = {
        gameType: filter.gameType,
        vendorCode: filter.vassalage,
        classify: filter.gameClassify,
        search: filter.gameName?.toLowerCase(),
      };
      const { rows, total, remember } = await catalogue.list(merchant.code, lobby, pageOf(page.pageNo, page.pageSize));
      // The same page in the same language is the same (frozen) object while the catalogue is unchanged.
      return remember(`${page.pageNo}|${language}`, () =>
        deepFreeze({
          games: rows.map((row) => presentGame(row, language)),
          pageNo: page.pageNo,
          totalPages: totalPagesOf(total, page.pageSize),
          totalCount: total,
        }),
      );
    },

    hot: async (
      merchant: MerchantContext,
      filter: { gameType?: GameCategory; vassalage?: string },
      language: string | null,
    ) => {
      const rows = (await hotRows(merchant)).filter(
        (row) =>
          (!filter.gameType || row.gameType === filter.gameType) &&
          (!filter.vassalage || row.vendorCode === filter.vassalage),
      );
      return rows.map((row) => presentGame(row, language));
    },

    lanes,

    vassGameType: async (merchant: MerchantContext) => {
      const counts = await repository.classifyCounts(merchant.code);
      const cards = await repository.vendorCards(merchant.code);
      const content: Record<string, Record<string, string[]>> = {};
      for (const card of cards) {
        const byVendor = content[card.gameType] ?? {};
        byVendor[card.vendorCode] = counts
          .filter((n) => n.gameType === card.gameType && n.vendorCode === card.vendorCode)
          .map((n) => n.classify)
          .sort();
        content[card.gameType] = byVendor;
      }
      return content;
    },

    /** Lottery menus (LOTT, ELOTT), grouped by classification. */
    menus: async (merchant: MerchantContext, prizeMode: string | undefined, language: string | null) => {
      const mode = prizeMode?.toUpperCase();
      const gameTypes: GameCategory[] = mode === 'ELOTT' ? ['ELOTT'] : mode === 'LOTT' ? ['LOTT'] : ['LOTT', 'ELOTT'];
      const [{ rows }, classifications] = await Promise.all([
        repository.listGames(merchant.code, { gameTypes }, { offset: 0, limit: 500 }),
        repository.classifications(),
      ]);
      const groups: Record<string, { gameGroupCode: string; displayName: string; gameMenus: Game[] }> = {};
      for (const row of rows) {
        const code = `${row.gameType}_${row.classify ?? 'ALL'}`;
        const classification = classifications.find((c) => c.gameType === row.gameType && c.key === row.classify);
        groups[code] ??= {
          gameGroupCode: code,
          displayName: classification ? nameIn(classification.names, language) : row.gameType,
          gameMenus: [],
        };
        groups[code].gameMenus.push(presentGame(row, language));
      }
      return groups;
    },

    favouriteIds: async (member: MemberPrincipal) => (await repository.favouriteIds(member.memberId)).map(String),

    favouriteList: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      filter: { gameType?: GameCategory; vassalage?: string },
      page: { pageNo: number; pageSize: number },
      language: string | null,
    ) => {
      const { games, totalPages } = await memberGames('favourite_games', merchant, member, filter, page, language);
      return { content: games, pageNum: page.pageNo, totalPages };
    },

    setFavourite: async (merchant: MerchantContext, member: MemberPrincipal, nodeId: string, favourite: boolean) => {
      if (favourite) {
        const game = await visibleGame(merchant, nodeId);
        await repository.addFavourite(member.memberId, game.id);
      } else {
        const id = gameIdOf(nodeId);
        if (id) await repository.removeFavourite(member.memberId, id);
      }
      return { nodeId, favourite };
    },

    recent: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      filter: { gameType?: GameCategory; vassalage?: string },
      page: { pageNo: number; pageSize: number },
      language: string | null,
    ) => {
      const { games, totalPages } = await memberGames('recent_games', merchant, member, filter, page, language);
      return { list: games, pageNo: page.pageNo, totalPages };
    },

    /** The winners board: the largest settled wins of the last week, names masked. */
    winners: (merchant: MerchantContext, gameCategory: string, limit: number, language: string | null) =>
      winnersCache.get(`${merchant.code}|${gameCategory}|${limit}|${language}`, async () => {
        const since = new Date(Date.now() - WINNER_DAYS * DAY_MS);
        const gameTypes = gameCategory === 'ALL' ? null : [gameCategory];
        const [real, seeded] = await Promise.all([
          deps.bets.topWins(merchant.code, { gameTypes, limit, days: WINNER_DAYS }),
          repository.demoWins(merchant.code, since, gameTypes, limit),
        ]);
        // The demo's seeded wins only fill places real wins leave empty, and rank beside them by amount, labelled
        // (decision 0065): a member's win is never pushed off the board by the demo's.
        const wins = [
          ...real.map((win) => ({ ...win, demoName: null as string | null })),
          ...seeded.slice(0, Math.max(0, limit - real.length)).map((win) => ({
            gameId: win.gameId,
            memberId: '',
            payout: win.payout,
            currency: win.currency,
            settledAt: win.wonAt,
            placedAt: win.wonAt,
            demoName: win.playerName,
          })),
        ].sort((a, b) => (a.payout === b.payout ? 0 : a.payout > b.payout ? -1 : 1));
        const games = new Map(
          (await repository.findGames(merchant.code, [...new Set(wins.map((win) => win.gameId))])).map((row) => [
            row.id,
            row,
          ]),
        );
        const names = new Map<string, string>();
        for (const memberId of new Set(wins.filter((win) => win.demoName === null).map((win) => win.memberId))) {
          names.set(memberId, maskName((await deps.memberName(memberId)) ?? '?'));
        }
        return wins.flatMap((win): WinnerEntry[] => {
          const game = games.get(win.gameId);
          if (!game) return [];
          return [
            {
              vo: {
                customerName: win.demoName ?? names.get(win.memberId) ?? '***',
                gameName: nameIn(game.names, language),
                winAmount: formatMinor(win.payout, win.currency),
                currency: win.currency,
                iconUrl: iconUrlOf(game),
                nodeId: String(game.id),
                gameType: game.gameType,
                vassalage: game.vendorCode,
                winAt: (win.settledAt ?? win.placedAt).toISOString(),
                ...(win.demoName === null ? {} : { isDemo: true }),
              },
            },
          ];
        });
      }),

    rooms: async (
      merchant: MerchantContext,
      filter: { nodeId?: string; vassalage?: string },
      language: string | null,
    ) => {
      const { rows } = await repository.listGames(
        merchant.code,
        { gameType: 'PVP', vendorCode: filter.vassalage },
        { offset: 0, limit: 500 },
      );
      const games = rows.filter((row) => !filter.nodeId || String(row.id) === filter.nodeId);
      const players = await repository.activePlayers(games.map((row) => row.id));
      const currency = merchant.settings.currency;
      return games.flatMap((row) =>
        PVP_LEVELS.map((level) => ({
          roomId: `${row.id}-${level.level}`,
          nodeId: String(row.id),
          gameName: nameIn(row.names, language),
          vassalage: row.vendorCode,
          level: level.level,
          minBet: formatMinor(level.min, currency),
          maxBet: formatMinor(level.max, currency),
          currency,
          players: players.get(row.id) ?? 0,
        })),
      );
    },

    /**
     * Starts a game (spec section 4 "Game launch"): checks the game, the mode and the member, records the
     * recent game, and issues a short-lived game token for the provider.
     */
    launch: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { nodeId: string; accountType: number; language: string | null; roomId?: string },
    ) => {
      const game = await visibleGame(merchant, input.nodeId);
      const room = input.roomId ? roomOf(game, input.roomId, merchant.settings.currency) : undefined;
      const language = input.language ?? merchant.settings.defaultLanguage;
      if (game.maintenance) {
        throw new AppError('game_maintenance', {
          value: { suggestions: await suggestionsFor(merchant, game, language) },
        });
      }
      const trial = member.type === TRIAL_MEMBER_TYPE;
      const freePlayAllowed = game.supportPlay === 0 && merchant.modules.FREEPLAY3 === true;
      let mode: 'real' | 'fun' = 'real';
      if (trial) {
        // A trial account plays only for fun, and only where the game and the merchant offer it.
        if (!freePlayAllowed) throw new AppError('in_need_true_account');
        mode = 'fun';
      } else if (input.accountType === 0) {
        if (!freePlayAllowed) throw new AppError('free_play_unavailable');
        mode = 'fun';
      }
      let gameUrl: string;
      let expiresAt = new Date(Date.now() + GAME_SESSION_TTL_MS);
      if (game.launchKind === 'inhouse') {
        gameUrl = `/inHouse?game=${encodeURIComponent(game.gameCode)}`;
      } else if (game.launchKind === 'lottery') {
        // A lottery game opens on the site's lottery page, which launches it with the lottery fields.
        const page = lotteryVendors[game.vendorCode]?.page ?? '/lottery';
        gameUrl = `${page}?gameCode=${encodeURIComponent(game.gameCode)}`;
      } else {
        ({ gameUrl, expiresAt } = await startProviderSession(merchant, member, game, { language, mode, room }));
      }
      if (!trial) await repository.touchRecent(member.memberId, game.id);
      return launched(game, gameUrl, mode, expiresAt, language);
    },

    /**
     * A lottery launch (spec section 3 "Lottery launch"): the game of that code among the area's and prize mode's
     * lottery vendors (betting view), or their first game (lobby view), opened at its provider with the view, the
     * page to go back to and the prize mode. Real money only.
     */
    launchLottery: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: {
        area: LottoArea;
        prizeMode: LottoPrizeMode;
        gameCode: string | null;
        view: LottoView;
        device: LottoDevice;
        backUrl: string;
        language: string | null;
      },
    ) => {
      const language = input.language ?? merchant.settings.defaultLanguage;
      const { rows } = await repository.listGames(
        merchant.code,
        {
          includeDisabled: true,
          vendorCodes: lotteryVendorsOf(input.area, input.prizeMode),
          ...(input.gameCode ? { gameCode: input.gameCode } : {}),
        },
        { offset: 0, limit: 200 },
      );
      const offered = rows.filter((row) => row.launchKind === 'lottery');
      if (offered.length === 0) throw new AppError('lottery_game_unknown');
      const game = offered.find((row) => row.enabled);
      if (!game) throw new AppError('lottery_unavailable');
      if (game.maintenance) {
        throw new AppError('game_maintenance', {
          value: { suggestions: await suggestionsFor(merchant, game, language) },
        });
      }
      if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('in_need_true_account');
      const lottery = {
        view: input.view,
        backUrl: input.backUrl,
        prizeMode: input.prizeMode,
        area: input.area,
        device: input.device,
      };
      const { gameUrl, expiresAt } = await startProviderSession(merchant, member, game, {
        language,
        mode: 'real',
        lottery,
      });
      await repository.touchRecent(member.memberId, game.id);
      return launched(game, gameUrl, 'real', expiresAt, language);
    },

    /** The game session behind a provider's token (null when unknown), read now. */
    sessionOf: (token: string) => repository.findSession(hashToken(token)),

    /**
     * What never changes about a game session (member, game, merchant, provider, mode, currency), kept in memory
     * after its first read: the seamless wallet's hot path. Whether it may stake now (expiry, a locked member, a
     * disabled merchant) is read on every call, in SQL (game_session_live).
     */
    sessionFacts: async (token: string): Promise<GameSessionFacts | null> => {
      const tokenHash = hashToken(token);
      const known = sessionFacts.get(tokenHash);
      if (known) return known;
      const row = await repository.findSession(tokenHash);
      if (!row) return null;
      const { expiresAt: _expiresAt, memberLocked: _locked, merchantEnabled: _enabled, ...facts } = row;
      if (sessionFacts.size >= SESSION_FACTS_KEPT) {
        const oldest = sessionFacts.keys().next().value;
        if (oldest !== undefined) sessionFacts.delete(oldest);
      }
      sessionFacts.set(tokenHash, facts);
      return facts;
    },

    /** The catalogue id of a game by its vendor and code (null when the catalogue does not list it). */
    catalogueId: async (vendorCode: string, gameCode: string): Promise<number | null> =>
      (await repository.findByCode('', vendorCode, gameCode))?.id ?? null,

    /** Name and vendor of games, for the betting record. */
    describe: async (merchantCode: string, ids: readonly number[], language: string | null) =>
      new Map(
        (await repository.findGames(merchantCode, ids)).map((row) => [
          row.id,
          { gameName: nameIn(row.names, language), vendorName: row.vendorName, row },
        ]),
      ),

    /** The generated artwork of a game, or null when it does not exist. */
    artwork: async (gameId: number, variant: number) => {
      const [row] = await repository.findGames('', [gameId]);
      if (!row) return null;
      return {
        svg: gameArtworkSvg({
          name: nameIn(row.catalogueNames, 'EN'),
          vendor: row.vendorCode,
          palette: row.vendorPalette,
          variant,
          gameType: row.gameType,
        }),
        version: artworkVersion([nameIn(row.catalogueNames, 'EN'), row.vendorCode, row.vendorPalette, variant]),
      };
    },

    vendorLogo: async (code: string) => {
      const vendor = await repository.vendor(code);
      return vendor
        ? vendorLogoSvg({ code: vendor.code, displayName: vendor.displayName, palette: vendor.palette })
        : null;
    },

    // Back office -----------------------------------------------------------------------------------------

    adminVendors: (merchantCode: string) => repository.vendors(merchantCode),

    adminUpdateVendor: async (
      merchantCode: string,
      vendorCode: string,
      patch: { enabled?: boolean; maintenance?: boolean; sort?: number; displayName?: string | null },
    ) => {
      if (!(await repository.vendor(vendorCode))) throw new AppError('not_found');
      await repository.upsertVendorSettings(merchantCode, vendorCode, patch);
      await lobbyChanged(merchantCode, { winners: false });
      const vendor = (await repository.vendors(merchantCode)).find((v) => v.code === vendorCode);
      if (!vendor) throw new AppError('not_found');
      return vendor;
    },

    adminGames: async (
      merchantCode: string,
      filter: { gameType?: GameCategory; vassalage?: string; q?: string; enabled?: boolean; hot?: boolean },
      page: { pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await repository.listGames(
        merchantCode,
        {
          includeDisabled: true,
          enabled: filter.enabled,
          gameType: filter.gameType,
          vendorCode: filter.vassalage,
          search: filter.q?.toLowerCase(),
          hotOnly: filter.hot === true,
        },
        pageOf(page.pageNo, page.pageSize),
      );
      const list = filter.hot === false ? rows.filter((row) => !row.isHot) : rows;
      return { rows: list, totalPages: totalPagesOf(total, page.pageSize) };
    },

    adminUpdateGame: async (
      merchantCode: string,
      nodeId: string,
      patch: {
        enabled?: boolean;
        isHot?: boolean;
        maintenance?: boolean;
        sort?: number;
        names?: Record<string, string>;
        customIconUrl?: string | null;
        artworkVariant?: number;
      },
    ): Promise<GameRow> => {
      const id = gameIdOf(nodeId);
      const [row] = id ? await repository.findGames(merchantCode, [id]) : [];
      if (!row) throw new AppError('not_found');
      let names: { names: NameMap | null; searchText: string | null } | undefined;
      if (patch.names !== undefined) {
        const unknown = Object.keys(patch.names).filter((code) => !isLanguageCode(code));
        if (unknown.length > 0) {
          throw new AppError('validation_failed', {
            fieldErrors: unknown.map((code) => ({ path: `names.${code}`, code: 'field_unknown' })),
          });
        }
        if (Object.keys(patch.names).length === 0) names = { names: null, searchText: null };
        else {
          const merged = { ...row.catalogueNames, ...patch.names };
          names = { names: merged, searchText: searchTextOf(merged, row.gameCode) };
        }
      }
      const { names: _ignored, ...rest } = patch;
      await repository.upsertGameSettings(merchantCode, row.id, { ...rest, ...(names ? { names } : {}) });
      await lobbyChanged(merchantCode, { winners: true });
      const [updated] = await repository.findGames(merchantCode, [row.id]);
      if (!updated) throw new AppError('not_found');
      return updated;
    },

    adminReorder: async (merchantCode: string, nodeIds: readonly string[]) => {
      const ids = nodeIds.map(gameIdOf).filter((id): id is number => id !== null);
      if (ids.length !== nodeIds.length || new Set(ids).size !== ids.length) {
        throw new AppError('validation_failed', { fieldErrors: [{ path: 'nodeIds', code: 'field_invalid' }] });
      }
      const known = await repository.findGames(merchantCode, ids);
      if (known.length !== ids.length) {
        throw new AppError('validation_failed', { fieldErrors: [{ path: 'nodeIds', code: 'field_not_allowed' }] });
      }
      const updated = await repository.reorder(merchantCode, ids);
      await lobbyChanged(merchantCode, { winners: false });
      return updated;
    },
  };
};

export type GamesService = ReturnType<typeof createGamesService>;

/** A game session without what changes (expiry, the member's lock, the merchant's switch). */
export type GameSessionFacts = Omit<
  NonNullable<Awaited<ReturnType<GamesRepository['findSession']>>>,
  'expiresAt' | 'memberLocked' | 'merchantEnabled'
>;
