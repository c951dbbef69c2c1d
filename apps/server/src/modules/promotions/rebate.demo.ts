import { currencyExponent, type RebateSettingsMinor } from '@tessera/contracts';

/**
 * The demo merchant's rebate: 1 % on in-house games, 0.3–0.8 % elsewhere (what the trade pays), at least 0.50 and
 * at most 1,000 of its currency per collection.
 */
export const demoRebateSettings = (currency: string): RebateSettingsMinor => {
  const unit = 10n ** BigInt(currencyExponent(currency));
  return {
    ratesPpm: {
      INHOUSE: 10_000,
      RNG: 8_000,
      LIVE: 6_000,
      FISH: 8_000,
      PVP: 5_000,
      SPORTS: 5_000,
      ESPORTS: 5_000,
      COCKFIGHT: 3_000,
      ELOTT: 3_000,
      LOTT: 3_000,
    },
    minimum: unit / 2n > 0n ? unit / 2n : 1n,
    maximum: unit * 1_000n,
  };
};
