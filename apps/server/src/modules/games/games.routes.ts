import { gamesEndpoints, LOTTERY_LAUNCH_MODE, type ParsedRequestOf } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { SiteContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import { gameIdOf } from './games.repository';
import type { GamesService } from './games.service';

/** The request's language: the query's, else the Language header's, else the merchant's default. */
const languageOf = (input: { language?: string | undefined }, ctx: SiteContext): string =>
  input.language || ctx.language || ctx.merchant.settings.defaultLanguage;

/**
 * The lottery fields of a launch (the contract made the required ones present). The back address must lead to the
 * site the member is on: the provider's back control opens it in the member's browser.
 */
const lotteryLaunchOf = (input: ParsedRequestOf<typeof gamesEndpoints.launch>, site: URL) => {
  const { lottoArea, lottoPrizeMode, lottoView, backUrl } = input;
  if (!lottoArea || !lottoPrizeMode || !lottoView || !backUrl) throw new AppError('validation_failed');
  if (new URL(backUrl).host !== site.host) {
    throw new AppError('validation_failed', { fieldErrors: [{ path: 'backUrl', code: 'field_invalid' }] });
  }
  return {
    area: lottoArea,
    prizeMode: lottoPrizeMode,
    gameCode: input.lottoGameCode || null,
    view: lottoView,
    device: input.device ?? 'WEB',
    backUrl,
  };
};

/**
 * Lists the browser caches (spec section 9: hot games and vendor lists in session storage): shared caches may
 * keep them a minute, and they differ per merchant and language.
 */
const cacheable = (reply: FastifyReply) => {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');
  reply.header('vary', 'Merchant, Language, Host');
};

export const registerGamesRoutes = (r: Registrar, games: GamesService): void => {
  r.site(gamesEndpoints.menus, async ({ input, ctx }) =>
    games.menus(ctx.merchant, input.prizeMode, languageOf(input, ctx)),
  );

  r.site(gamesEndpoints.list, async ({ input, ctx }) =>
    games.list(
      ctx.merchant,
      {
        ...(input.gameType ? { gameType: input.gameType } : {}),
        ...(input.vassalage ? { vassalage: input.vassalage } : {}),
        ...(input.gameClassify ? { gameClassify: input.gameClassify } : {}),
        ...(input.gameName ? { gameName: input.gameName } : {}),
      },
      { pageNo: input.pageNo, pageSize: input.pageSize },
      languageOf(input, ctx),
    ),
  );

  r.site(gamesEndpoints.hot, async ({ input, ctx, reply }) => {
    cacheable(reply);
    return {
      list: await games.hot(
        ctx.merchant,
        {
          ...(input.gameType ? { gameType: input.gameType } : {}),
          ...(input.vassalage ? { vassalage: input.vassalage } : {}),
        },
        languageOf(input, ctx),
      ),
    };
  });

  r.site(gamesEndpoints.vassGameType, async ({ ctx, reply }) => {
    cacheable(reply);
    return { content: await games.vassGameType(ctx.merchant) };
  });

  r.site(gamesEndpoints.vendors, async ({ input, ctx, reply }) => {
    cacheable(reply);
    return { data: { lanes: await games.lanes(ctx.merchant, languageOf(input, ctx)) } };
  });

  r.site(gamesEndpoints.favouriteIds, async ({ ctx }) => games.favouriteIds(ctx.member));

  r.site(gamesEndpoints.favouriteList, async ({ input, ctx }) =>
    games.favouriteList(
      ctx.merchant,
      ctx.member,
      {
        ...(input.gameType ? { gameType: input.gameType } : {}),
        ...(input.vassalage ? { vassalage: input.vassalage } : {}),
      },
      { pageNo: input.pageNo, pageSize: input.pageSize },
      languageOf(input, ctx),
    ),
  );

  r.site(gamesEndpoints.addFavourite, async ({ input, ctx }) =>
    games.setFavourite(ctx.merchant, ctx.member, input.nodeId, true),
  );
  r.site(gamesEndpoints.removeFavourite, async ({ input, ctx }) =>
    games.setFavourite(ctx.merchant, ctx.member, input.nodeId, false),
  );

  r.site(gamesEndpoints.recent, async ({ input, ctx }) =>
    games.recent(
      ctx.merchant,
      ctx.member,
      {
        ...(input.gameType ? { gameType: input.gameType } : {}),
        ...(input.vassalage ? { vassalage: input.vassalage } : {}),
      },
      { pageNo: input.pageNo ?? input.page ?? 1, pageSize: input.pageSize },
      languageOf(input, ctx),
    ),
  );

  r.site(gamesEndpoints.rankList, async ({ input, ctx }) => ({
    list: await games.winners(ctx.merchant, input.gameCategory, input.limitNum, languageOf(input, ctx)),
  }));

  r.site(gamesEndpoints.roomList, async ({ input, ctx }) => {
    return {
      list: await games.rooms(
        ctx.merchant,
        {
          ...(input.nodeId ? { nodeId: input.nodeId } : {}),
          ...(input.vassalage ? { vassalage: input.vassalage } : {}),
        },
        languageOf(input, ctx),
      ),
    };
  });

  r.site(gamesEndpoints.launch, async ({ input, ctx, reply, request }) => {
    reply.header('cache-control', 'no-store');
    if (input.launchMode === LOTTERY_LAUNCH_MODE) {
      const lottery = lotteryLaunchOf(input, new URL(`${request.protocol}://${request.host}`));
      const language = input.language || ctx.language;
      return { content: await games.launchLottery(ctx.merchant, ctx.member, { ...lottery, language }) };
    }
    return {
      content: await games.launch(ctx.merchant, ctx.member, {
        nodeId: input.nodeId ?? '',
        accountType: input.accountType,
        language: input.language || ctx.language,
        ...(input.roomId ? { roomId: input.roomId } : {}),
      }),
    };
  });
};

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Generated artwork: `/media/games/:id/:variant.svg?v=<version>` and `/media/vendors/:code.svg`. A URL with the
 * current version is immutable for a year; any other answers the current drawing with a short cache.
 */
export const registerGameMediaRoutes = (app: FastifyInstance, games: GamesService): void => {
  const svg = (reply: FastifyReply, body: string, cacheControl: string) =>
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', cacheControl)
      // Image CDNs and other sites of the merchant may show the artwork.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(body);

  app.get<{ Params: { id: string; variant: string }; Querystring: { v?: string } }>(
    '/media/games/:id/:variant.svg',
    async (request, reply) => {
      const id = gameIdOf(request.params.id);
      const variant = Number(request.params.variant);
      if (!id || !Number.isInteger(variant) || variant < 0 || variant > 99) {
        return reply.status(404).send();
      }
      const art = await games.artwork(id, variant);
      if (!art) return reply.status(404).send();
      return svg(
        reply,
        art.svg,
        request.query.v === art.version ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=300',
      );
    },
  );

  app.get<{ Params: { code: string } }>('/media/vendors/:code.svg', async (request, reply) => {
    const logo = await games.vendorLogo(request.params.code);
    if (!logo) return reply.status(404).send();
    return svg(reply, logo, 'public, max-age=86400');
  });
};
