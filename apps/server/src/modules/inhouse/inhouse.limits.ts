import { currencyExponent, type InhouseGame, inhouseGames } from '@tessera/contracts';
import type { MerchantContext } from '../../platform/http/context';
import type { Client, InhouseRepository, LimitsRow } from './inhouse.repository';

/** Limits when the merchant set none, in major units of its currency. */
const DEFAULT_LIMITS = { minStake: 0.1, maxStake: 1000, maxPayout: 100_000 };

export interface Limits {
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
}

/** One game's limits as the back office reads them. */
export interface MerchantLimits extends Limits {
  game: InhouseGame;
  /** No row: the platform's defaults apply. */
  isDefault: boolean;
  updatedAt: Date | null;
}

export const toMinor = (major: number, currency: string): bigint =>
  BigInt(Math.round(major * 10 ** currencyExponent(currency)));

/** The platform's defaults in the merchant's currency: at least one minor unit each (JPY has no cents). */
const defaultLimits = (currency: string): Limits => {
  const atLeastOne = (major: number) => {
    const minor = toMinor(major, currency);
    return minor > 0n ? minor : 1n;
  };
  return {
    minStake: atLeastOne(DEFAULT_LIMITS.minStake),
    maxStake: atLeastOne(DEFAULT_LIMITS.maxStake),
    maxPayout: atLeastOne(DEFAULT_LIMITS.maxPayout),
  };
};

const limitsOf = (row: LimitsRow): Limits => ({
  minStake: row.minStake,
  maxStake: row.maxStake,
  maxPayout: row.maxPayout,
});

/** Every game's limits: the merchant's own or the defaults. */
const limitsTable = (rows: LimitsRow[], currency: string): MerchantLimits[] =>
  inhouseGames.map((game) => {
    const row = rows.find((r) => r.game === game);
    return {
      game,
      ...(row ? limitsOf(row) : defaultLimits(currency)),
      isDefault: !row,
      updatedAt: row?.updatedAt ?? null,
    };
  });

/** Per-merchant stake limits and maximum payout per bet of the in-house games. */
export const createInhouseLimits = (repository: InhouseRepository) => ({
  /** Read for every bet (one primary-key lookup, no cache: decision 0027): a change holds from the next bet. */
  limitsFor: async (merchant: MerchantContext, game: InhouseGame): Promise<Limits> => {
    const row = await repository.limitOf(merchant.code, game);
    return row ? limitsOf(row) : defaultLimits(merchant.settings.currency);
  },

  merchantLimits: async (merchant: MerchantContext): Promise<MerchantLimits[]> =>
    limitsTable(await repository.limits(merchant.code), merchant.settings.currency),

  /**
   * Sets some games' limits (already checked in the merchant's currency) in one transaction with `audit`, which
   * receives every game's limits before and after on the same client: the change and its record commit together,
   * or neither does.
   */
  updateLimits: (
    merchant: MerchantContext,
    changes: Partial<Record<InhouseGame, Limits>>,
    audit: (client: Client, change: { before: MerchantLimits[]; after: MerchantLimits[] }) => Promise<void>,
  ): Promise<MerchantLimits[]> => {
    const { currency } = merchant.settings;
    return repository.inTransaction(async (client) => {
      const before = limitsTable(await repository.lockLimits(client, merchant.code), currency);
      for (const game of inhouseGames) {
        const limits = changes[game];
        if (limits) await repository.setLimits(client, merchant.code, game, limits);
      }
      const after = limitsTable(await repository.limits(merchant.code, client), currency);
      await audit(client, { before, after });
      return after;
    });
  },
});
