import { isVnKind, type LotteryGameKind, lotteryEndpoints, lotteryPrizeModeOf } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { MerchantContext } from '../../platform/principals';
import { nameOf, presentDraw, presentGameSettings, presentTicket } from './lottery.presenter';
import type { LotteryService } from './lottery.service';

/** The menu group of a game's kind: the fast draws, the South-East Asian 4D (decision 0108), the Vietnamese (0134). */
const groupOf = (kind: LotteryGameKind): string => (kind === 'four_d' ? 'SEA' : isVnKind(kind) ? 'VN' : 'FAST');

/** The member site's lottery: games with their draws, tickets, results, and the lottery gateway's calls (6.4). */
export const registerLotteryRoutes = (r: Registrar, lottery: LotteryService): void => {
  const menuEntries = async (merchant: MerchantContext, language: string | null, only?: readonly string[]) => {
    const games = (await lottery.games(merchant.code)).filter((game) => !only || only.includes(game.code));
    const { current } = await lottery.currentAndLast(games);
    const entries = games.map((game) => ({
      gameCode: game.code,
      gameName: nameOf(game, language),
      gameGroupCode: groupOf(game.kind),
      intervalSeconds: game.intervalSeconds,
      drawNo: current.get(game.code)?.drawNo ?? null,
      closesAt: current.get(game.code)?.closesAt.toISOString() ?? null,
    }));
    return only ? only.flatMap((code) => entries.filter((entry) => entry.gameCode === code)) : entries;
  };

  r.site(lotteryEndpoints.games, async ({ ctx }) => {
    const games = await lottery.games(ctx.merchant.code);
    const [{ current, last }, now, lobby] = await Promise.all([
      lottery.currentAndLast(games),
      lottery.now(),
      lottery.lobbyPrizeMode(ctx.merchant),
    ]);
    return games.map((game) => {
      const open = current.get(game.code);
      const drawn = last.get(game.code);
      // The odds of the member's prize mode (decision 0159), the ones a ticket bought now locks.
      const mode = lotteryPrizeModeOf(game.kind, lobby);
      return {
        ...presentGameSettings(game, ctx.merchant.settings.currency, ctx.language, mode),
        current: open ? presentDraw(open) : null,
        last: drawn ? presentDraw(drawn) : null,
        serverTime: now.toISOString(),
      };
    });
  });

  r.site(lotteryEndpoints.buy, async ({ input, ctx }) => ({
    tickets: (await lottery.buy(ctx.merchant, ctx.member, input)).map(presentTicket),
  }));

  r.site(lotteryEndpoints.tickets, async ({ input, ctx }) => {
    const page = await lottery.tickets(ctx.member, input);
    return { list: page.rows.map(presentTicket), pageNo: input.pageNo, totalPages: page.totalPages };
  });

  r.site(lotteryEndpoints.results, async ({ input, ctx }) => {
    const page = await lottery.results(ctx.merchant.code, input.gameCode, input.pageNo, { includeCancelled: true });
    return { list: page.rows.map(presentDraw), pageNo: input.pageNo, totalPages: page.totalPages };
  });

  r.site(lotteryEndpoints.vnGameMenu, async ({ ctx }) => {
    const groups: Record<string, { gameGroupCode: string; gameMenus: Awaited<ReturnType<typeof menuEntries>> }> = {};
    for (const entry of await menuEntries(ctx.merchant, ctx.language)) {
      const group = groups[entry.gameGroupCode] ?? { gameGroupCode: entry.gameGroupCode, gameMenus: [] };
      group.gameMenus.push(entry);
      groups[entry.gameGroupCode] = group;
    }
    return groups;
  });

  r.site(lotteryEndpoints.recentGames, async ({ ctx }) =>
    menuEntries(ctx.merchant, ctx.language, await lottery.recentGameCodes(ctx.member)),
  );

  r.site(lotteryEndpoints.openedByGame, async ({ ctx }) => {
    const games = await lottery.games(ctx.merchant.code);
    const { last } = await lottery.currentAndLast(games);
    return Object.fromEntries([...last.entries()].map(([code, draw]) => [code, presentDraw(draw)]));
  });

  r.site(lotteryEndpoints.openedNumero, async ({ input, ctx }) => {
    const page = await lottery.results(ctx.merchant.code, input.gameCode, input.pageNo, { includeCancelled: false });
    return { list: page.rows.map(presentDraw), pageNo: input.pageNo, totalPages: page.totalPages };
  });
};
