import {
  adminLotteryEndpoints,
  betTypesOfKind,
  DEFAULT_LOTTO_PRIZE_MODE,
  dailyIntervalOf,
  drawTimeOfMinute,
  type FieldError,
  formatMinor,
  fourDTierNames,
  LOTTERY_DAILY_INTERVAL,
  lottoPrizeModes,
  minuteOfDrawTime,
  parseMoney,
} from '@tessera/contracts';
import { FIVE_DIGIT_MAX_SUM } from '@tessera/engines';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentBetTypes, presentDraw, presentGameSettings, presentOdds } from './lottery.presenter';
import type { DrawRow, GameRow } from './lottery.repository';
import { type LotteryService, oddsInMode } from './lottery.service';

/** Largest multiplier an operator may set (hundredths): 100,000,000×. */
const ODDS_MAX = 10_000_000_000;
/** A multiplier must pay more than the stake back (hundredths): above 1.00×. */
const ODDS_MIN_EXCLUSIVE = 100;

const presentAdminGame = (game: GameRow, currency: string, language: string | null) => ({
  ...presentGameSettings(game, currency, language, DEFAULT_LOTTO_PRIZE_MODE),
  prizeModes: lottoPrizeModes.map((prizeMode) => ({ prizeMode, betTypes: presentBetTypes(game, prizeMode) })),
  enabled: game.enabled,
  catalogueGameCode: game.catalogueGameCode,
  updatedAt: game.updatedAt.toISOString(),
});

type DrawTotal = { tickets: number; staked: bigint; paid: bigint };
const NO_TOTAL: DrawTotal = { tickets: 0, staked: 0n, paid: 0n };

const presentAdminDraw = (draw: DrawRow, total: DrawTotal | undefined, currency: string) => ({
  ...presentDraw(draw),
  cancelReason: draw.cancelReason,
  tickets: (total ?? NO_TOTAL).tickets,
  staked: formatMinor((total ?? NO_TOTAL).staked, currency),
  paid: formatMinor((total ?? NO_TOTAL).paid, currency),
  settledAt: draw.settledAt?.toISOString() ?? null,
});

/** The back office's lottery: games (odds, limits, close), draws with commitments and results, cancel, exposure. */
export const registerLotteryAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; lottery: LotteryService },
): void => {
  const { admin, lottery } = deps;

  r.admin(adminLotteryEndpoints.games, async ({ ctx }) =>
    (await lottery.games(ctx.merchant.code, false)).map((game) =>
      presentAdminGame(game, ctx.merchant.settings.currency, ctx.language),
    ),
  );

  r.admin(adminLotteryEndpoints.updateGame, async ({ input, params, ctx }) => {
    const { currency } = ctx.merchant.settings;
    const fieldErrors: FieldError[] = [];
    const money = (field: 'minStake' | 'maxStake' | 'maxPayout'): bigint => {
      const parsed = parseMoney(input[field], currency);
      if (!parsed.ok) {
        fieldErrors.push({ path: field, code: parsed.error });
        return 0n;
      }
      return parsed.minor;
    };
    const minStake = money('minStake');
    const maxStake = money('maxStake');
    const maxPayout = money('maxPayout');
    if (fieldErrors.length === 0 && maxStake < minStake) {
      fieldErrors.push({ path: 'minStake', code: 'field_too_large', params: { max: input.maxStake } });
    }
    if (input.closeSeconds >= input.intervalSeconds) {
      fieldErrors.push({ path: 'closeSeconds', code: 'field_too_large', params: { max: input.intervalSeconds - 1 } });
    }
    const game = (await lottery.games(ctx.merchant.code, false)).find((g) => g.code === params.gameCode);
    if (!game) throw new AppError('not_found');
    // A Vietnamese game draws once a day (decision 0134), a 4D game may (0159); the fast ones on a minute grid.
    const daily = input.intervalSeconds === LOTTERY_DAILY_INTERVAL;
    if (daily ? dailyIntervalOf(game.kind) === 'refused' : dailyIntervalOf(game.kind) === 'required') {
      fieldErrors.push({ path: 'intervalSeconds', code: 'field_not_allowed' });
    }
    // A daily draw's time of day on the merchant's clock; the games on a minute grid keep none.
    const drawMinute = daily && input.drawTime ? minuteOfDrawTime(input.drawTime) : null;
    if (daily && dailyIntervalOf(game.kind) !== 'refused' && drawMinute === null) {
      fieldErrors.push({ path: 'drawTime', code: input.drawTime ? 'field_invalid' : 'not_empty' });
    }
    const fourD = game.kind === 'four_d';
    const odds: Record<string, number[]> = {};
    for (const [betType, values] of Object.entries(input.odds)) {
      const path = `odds.${betType}`;
      if (!(betTypesOfKind(game.kind) as readonly string[]).includes(betType)) {
        // A bet type of the other kind of game.
        fieldErrors.push({ path, code: 'field_not_allowed' });
        continue;
      }
      const wanted = fourD ? fourDTierNames.length : betType === 'sum' ? FIVE_DIGIT_MAX_SUM + 1 : 1;
      const hundredths = values.map((text) => Math.round(Number(text) * 100));
      // A 4D tier may pay nothing (0.00: Small's starter and consolation); any other multiplier pays a prize.
      const noPrize = (h: number) => fourD && h === 0;
      if (values.length !== wanted || hundredths.some((h) => !Number.isSafeInteger(h))) {
        fieldErrors.push({ path, code: 'field_invalid' });
      } else if (hundredths.some((h) => h <= ODDS_MIN_EXCLUSIVE && !noPrize(h))) {
        // A multiplier of 1.00 or less returns at most the stake: never a prize.
        fieldErrors.push({ path, code: 'field_too_small', params: { min: '1.01' } });
      } else if (hundredths.some((h) => h > ODDS_MAX)) {
        fieldErrors.push({ path, code: 'field_too_large', params: { max: presentOdds(ODDS_MAX) } });
      } else if (fourD && hundredths.every((h) => h === 0)) {
        fieldErrors.push({ path, code: 'field_too_small', params: { min: '1.01' } });
      } else odds[betType] = hundredths;
    }
    if (fieldErrors.length > 0) throw new AppError('validation_failed', { fieldErrors });
    const language = ctx.language;
    const row = await lottery.updateGame(
      ctx.merchant,
      params.gameCode,
      {
        enabled: input.enabled,
        intervalSeconds: input.intervalSeconds,
        closeSeconds: input.closeSeconds,
        minStake,
        maxStake,
        maxPayout,
        drawMinute,
        // The odds of the mode edited; the other modes keep theirs (decision 0159).
        odds: { ...game.odds, [input.prizeMode]: { ...oddsInMode(game, input.prizeMode), ...odds } },
      },
      async (client, before, after) => {
        const view = (game: GameRow) => ({
          enabled: game.enabled,
          intervalSeconds: game.intervalSeconds,
          drawTime: game.drawMinute === null ? null : drawTimeOfMinute(game.drawMinute),
          closeSeconds: game.closeSeconds,
          minStake: formatMinor(game.minStake, currency),
          maxStake: formatMinor(game.maxStake, currency),
          maxPayout: formatMinor(game.maxPayout, currency),
          odds: game.odds,
        });
        await admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: 'lottery.game_update',
            target: params.gameCode,
            merchantCode: ctx.merchant.code,
            details: { currency, prizeMode: input.prizeMode, before: view(before), after: view(after) },
          },
        );
      },
    );
    return presentAdminGame(row, currency, language);
  });

  r.admin(adminLotteryEndpoints.draws, async ({ input, ctx }) => {
    const { currency } = ctx.merchant.settings;
    const page = await lottery.results(ctx.merchant.code, input.gameCode ?? null, input.pageNo, {
      includeCancelled: true,
      includeOpen: true,
    });
    const totals = await lottery.drawTotals(page.rows.map((draw) => draw.id));
    return {
      list: page.rows.map((draw) => presentAdminDraw(draw, totals.get(draw.id.toString()), currency)),
      pageNo: input.pageNo,
      totalPages: page.totalPages,
    };
  });

  r.admin(adminLotteryEndpoints.cancelDraw, async ({ input, params, ctx }) => {
    const { currency } = ctx.merchant.settings;
    const draw = await lottery.cancelDraw(ctx.merchant, BigInt(params.drawId), input.reason, async (client, locked) => {
      await admin.auditWith(
        client,
        { operator: ctx.operator, caller: ctx },
        {
          action: 'lottery.draw_cancel',
          target: `${locked.gameCode}:${locked.drawNo}`,
          merchantCode: ctx.merchant.code,
          details: { drawId: locked.id.toString(), reason: input.reason },
        },
      );
    });
    const total = (await lottery.drawTotals([draw.id])).get(draw.id.toString());
    return presentAdminDraw(draw, total, currency);
  });

  r.admin(adminLotteryEndpoints.exposure, async ({ params, ctx }) => {
    const { currency } = ctx.merchant.settings;
    const exposure = await lottery.exposure(ctx.merchant, BigInt(params.drawId));
    const total = (await lottery.drawTotals([exposure.draw.id])).get(exposure.draw.id.toString());
    return {
      draw: presentAdminDraw(exposure.draw, total, currency),
      currency,
      tickets: exposure.tickets,
      staked: formatMinor(exposure.staked, currency),
      worstPayout: formatMinor(exposure.worstPayout, currency),
      worstOutcome: exposure.worstOutcome,
      selections: exposure.selections.map((s) => ({
        betType: s.betType as never,
        position: s.position,
        numbers: s.numbers,
        side: s.side as never,
        tickets: s.tickets,
        staked: formatMinor(s.staked, currency),
        potentialPayout: formatMinor(s.potential, currency),
      })),
    };
  });
};
