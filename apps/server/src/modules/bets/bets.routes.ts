import { type BetTotals, betsEndpoints, formatMinor } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { Totals } from './bets.repository';
import type { BetsService } from './bets.service';

/** What the betting record shows of a game; the catalogue answers (wired in app.ts). */
export type DescribeGames = (
  merchantCode: string,
  gameIds: readonly number[],
  language: string | null,
) => Promise<Map<number, { gameName: string; vendorName: string }>>;

export const presentTotals = (totals: Totals, currency: string): BetTotals => ({
  betCount: totals.betCount,
  betAmount: formatMinor(totals.betAmount, currency),
  validBet: formatMinor(totals.validBet, currency),
  payout: formatMinor(totals.payout, currency),
  winLoss: formatMinor(totals.payout - totals.validBet, currency),
});

export const registerBetsRoutes = (r: Registrar, bets: BetsService, describeGames: DescribeGames): void => {
  r.site(betsEndpoints.history, async ({ input, ctx }) => {
    const member = ctx.member;
    const currency = ctx.merchant.settings.currency;
    const { rows, total, totals } = await bets.history(
      member,
      {
        startDate: input.startDate,
        endDate: input.endDate,
        timeZone: ctx.merchant.settings.timeZone,
        ...(input.gameType ? { gameType: input.gameType } : {}),
        ...(input.status ? { status: input.status } : {}),
      },
      { pageNo: input.pageNo, pageSize: input.pageSize },
    );
    const games = await describeGames(ctx.merchant.code, [...new Set(rows.map((row) => row.gameId))], ctx.language);
    return {
      list: rows.map((row) => ({
        id: String(row.id),
        roundId: row.roundRef,
        nodeId: String(row.gameId),
        gameName: games.get(row.gameId)?.gameName ?? '',
        gameType: row.gameType,
        vassalage: row.vendorCode,
        vendorName: games.get(row.gameId)?.vendorName ?? row.vendorCode,
        currency: row.currency,
        betAmount: formatMinor(row.betAmount, row.currency),
        validBet: formatMinor(row.validBet, row.currency),
        payout: formatMinor(row.payout, row.currency),
        winLoss: formatMinor(row.status === 'settled' ? row.payout - row.betAmount : 0n, row.currency),
        status: row.status,
        placedAt: row.placedAt.toISOString(),
        settledAt: row.settledAt?.toISOString() ?? null,
      })),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
      totalCount: total,
      summary: presentTotals(totals, currency),
    };
  });

  r.site(betsEndpoints.profit, async ({ input, ctx }) => {
    const member = ctx.member;
    const currency = ctx.merchant.settings.currency;
    const { byGameType, byDay } = await bets.profit(member, {
      startDate: input.startDate,
      endDate: input.endDate,
      timeZone: ctx.merchant.settings.timeZone,
    });
    const total = byGameType.reduce(
      (sum, row) => ({
        betCount: sum.betCount + row.betCount,
        betAmount: sum.betAmount + row.betAmount,
        validBet: sum.validBet + row.validBet,
        payout: sum.payout + row.payout,
      }),
      { betCount: 0, betAmount: 0n, validBet: 0n, payout: 0n },
    );
    return {
      currency,
      byGameType: byGameType.map((row) => ({ gameType: row.gameType, ...presentTotals(row, currency) })),
      byDay: byDay.map((row) => ({ day: row.day, ...presentTotals(row, currency) })),
      total: presentTotals(total, currency),
    };
  });
};
