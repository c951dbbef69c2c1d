import type { HarmMarker } from '@tessera/contracts';

/**
 * The markers of harm's rules as data (decision 0109). Amounts are in major units of the merchant's currency and
 * converted with its digits; shares in basis points (1/100 of a percent).
 */
export const HARM_RULES = {
  /** Deposits rising fast: the last 7 days' deposits at least `factor` times the prior 28 days' weekly average… */
  depositsRising: { factor: 3n, lastDays: 7, priorDays: 28, /** …and at least this much. */ minimum: '100' },
  /** Limit increases: at least this many raises or removals of a limit requested on the day. */
  limitIncreases: { minimum: 1 },
  /**
   * Night play: stakes between 00:00 and 06:00 local time at least this share of the day's stakes, and at least
   * `minimum` of them.
   */
  nightPlay: { fromHour: 0, toHour: 6, shareBp: 5000n, minimum: '10' },
  /** Cancelled withdrawals: at least this many of its own withdrawals the member cancelled on the day. */
  cancelledWithdrawals: { minimum: 1 },
} as const;

/** One member's figures for one local day, in minor units. */
export interface HarmFigures {
  /** Deposits credited over the 7 days ending with the day. */
  depositsLast7: bigint;
  /** Deposits credited over the 28 days before those 7. */
  depositsPrior28: bigint;
  limitIncreases: number;
  /** Stakes of the day, and those of its night hours. */
  stakes: bigint;
  nightStakes: bigint;
  cancelledWithdrawals: number;
}

/** The minima of the rules in minor units of one currency. */
export interface HarmMinima {
  depositsRising: bigint;
  nightPlay: bigint;
}

/**
 * The markers a member's day raises, in a fixed order. Deposits rising: last7 × 4 ≥ factor × prior28 (the weekly
 * average is prior28 / 4, compared without dividing) and last7 ≥ the minimum; a member with no prior deposits whose
 * last week reaches the minimum is rising too.
 */
export const harmMarkersOf = (figures: HarmFigures, minima: HarmMinima): HarmMarker[] => {
  const markers: HarmMarker[] = [];
  const { depositsRising, limitIncreases, nightPlay, cancelledWithdrawals } = HARM_RULES;
  const weeks = BigInt(depositsRising.priorDays / depositsRising.lastDays);
  if (
    figures.depositsLast7 >= minima.depositsRising &&
    figures.depositsLast7 * weeks >= depositsRising.factor * figures.depositsPrior28
  )
    markers.push('deposits_rising');
  if (figures.limitIncreases >= limitIncreases.minimum) markers.push('limit_increases');
  if (
    figures.nightStakes > 0n &&
    figures.nightStakes >= minima.nightPlay &&
    figures.nightStakes * 10_000n >= nightPlay.shareBp * figures.stakes
  )
    markers.push('night_play');
  if (figures.cancelledWithdrawals >= cancelledWithdrawals.minimum) markers.push('cancelled_withdrawals');
  return markers;
};

/** The night share in basis points (0 with no stakes). */
export const nightShareBp = (figures: Pick<HarmFigures, 'stakes' | 'nightStakes'>): number =>
  figures.stakes === 0n ? 0 : Number((figures.nightStakes * 10_000n) / figures.stakes);
