import {
  type AdminInhouseLimits,
  formatMinor,
  type InhouseGameInfo,
  type InhouseRound,
  type RevealedSeedPair,
} from '@tessera/contracts';
import type { MerchantLimits } from './inhouse.limits';
import type { RoundRow, SeedPairRow } from './inhouse.repository';
import { GAME_FACTS, type InhouseService } from './inhouse.service';

/**
 * Crash keeps only the cash-out in the row; the crash point comes from the round, and only once it crashed
 * (a member who cashed out early must not learn where the round will end).
 */
const outcomeOf = (row: RoundRow): Record<string, unknown> | null => {
  if (row.game !== 'crash') return row.outcome;
  const cashedOutAt = (row.outcome?.cashedOutAt as number | null | undefined) ?? null;
  return row.outcome === null && row.crashPoint === null ? null : { crashPoint: row.crashPoint, cashedOutAt };
};

/** A round as the member sees it: money as decimal strings, the server seed only once it was revealed. */
export const presentRound = (row: RoundRow): InhouseRound =>
  ({
    id: row.id,
    game: row.game,
    status: row.status,
    currency: row.currency,
    stake: formatMinor(row.stake, row.currency),
    payout: formatMinor(row.payout, row.currency),
    multiplier: { numerator: row.multiplierNumerator, denominator: row.multiplierDenominator },
    params: row.params,
    outcome: outcomeOf(row),
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    serverSeed: row.revealedSeed,
    balanceBefore: formatMinor(row.balanceBefore, row.currency),
    balanceAfter: row.balanceAfter === null ? null : formatMinor(row.balanceAfter, row.currency),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
  }) as InhouseRound;

export const presentRevealedPair = (row: SeedPairRow): RevealedSeedPair => ({
  serverSeed: row.serverSeed,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: row.nextNonce,
  revealedAt: (row.revealedAt ?? new Date()).toISOString(),
});

export const presentGames = (
  games: Awaited<ReturnType<InhouseService['games']>>,
  currency: string,
): InhouseGameInfo[] =>
  games.map((g) => ({
    game: g.game,
    rtp: g.rtp,
    maxMultiplier: { numerator: g.maxMultiplier.numerator, denominator: g.maxMultiplier.denominator },
    currency,
    minStake: formatMinor(g.limits.minStake, currency),
    maxStake: formatMinor(g.limits.maxStake, currency),
    maxPayout: formatMinor(g.limits.maxPayout, currency),
  }));

/** The back office's table of a merchant's limits, with each game's highest multiplier beside them. */
export const presentMerchantLimits = (rows: MerchantLimits[], currency: string): AdminInhouseLimits => ({
  currency,
  games: rows.map((row) => ({
    game: row.game,
    minStake: formatMinor(row.minStake, currency),
    maxStake: formatMinor(row.maxStake, currency),
    maxPayout: formatMinor(row.maxPayout, currency),
    isDefault: row.isDefault,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    maxMultiplier: {
      numerator: GAME_FACTS[row.game].maxMultiplier.numerator,
      denominator: GAME_FACTS[row.game].maxMultiplier.denominator,
    },
  })),
});
