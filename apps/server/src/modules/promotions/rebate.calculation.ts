import { type GameCategory, gameCategories, REBATE_RATE_SCALE } from '@tessera/contracts';

/** One category's valid bets (minor units) over some rounds. */
export interface CategoryTurnover {
  gameType: GameCategory;
  validBet: bigint;
  roundCount: number;
}

export interface RebatePart extends CategoryTurnover {
  ratePpm: number;
  rebate: bigint;
}

export interface RebateQuote {
  /** Every rebated category (rate above 0), in catalogue order, with its turnover (0 when none). */
  parts: RebatePart[];
  validBet: bigint;
  roundCount: number;
  /** The sum of the parts' rebates. */
  total: bigint;
  /** What one collection pays: the total, or the maximum when the total is above it. */
  payable: bigint;
  isCapped: boolean;
}

/**
 * The rebate of a valid bet at a rate in ppm, rounded down to a whole minor unit: never more than rate × turnover,
 * less by under one minor unit.
 */
export const rebateOf = (validBet: bigint, ratePpm: number): bigint => {
  if (validBet < 0n || !Number.isSafeInteger(ratePpm) || ratePpm < 0) {
    throw new RangeError('a rebate needs a turnover and a rate of at least 0');
  }
  // bigint division truncates, which for amounts of at least 0 is rounding down.
  return (validBet * BigInt(ratePpm)) / REBATE_RATE_SCALE;
};

/**
 * What collecting pays for some turnover. The rate applies to each category's total, rounded down once per
 * category (decision 0042): rounding each round down would lose up to a minor unit per round, so a member of
 * small stakes (0.10 at 0.8 % is 0.08 of a cent) would collect nothing at all.
 */
export const quoteRebate = (
  turnover: readonly CategoryTurnover[],
  ratesPpm: Partial<Record<GameCategory, number>>,
  maximum: bigint | null,
): RebateQuote => {
  const parts = gameCategories.flatMap((gameType): RebatePart[] => {
    const ratePpm = ratesPpm[gameType] ?? 0;
    if (ratePpm <= 0) return [];
    const rows = turnover.filter((row) => row.gameType === gameType);
    const validBet = rows.reduce((sum, row) => sum + row.validBet, 0n);
    const roundCount = rows.reduce((sum, row) => sum + row.roundCount, 0);
    return [{ gameType, ratePpm, validBet, roundCount, rebate: rebateOf(validBet, ratePpm) }];
  });
  const total = parts.reduce((sum, part) => sum + part.rebate, 0n);
  const payable = maximum !== null && total > maximum ? maximum : total;
  return {
    parts,
    validBet: parts.reduce((sum, part) => sum + part.validBet, 0n),
    roundCount: parts.reduce((sum, part) => sum + part.roundCount, 0),
    total,
    payable,
    isCapped: payable < total,
  };
};

/** The categories a merchant rebates: those with a rate above 0. */
export const rebatedCategories = (ratesPpm: Partial<Record<GameCategory, number>>): GameCategory[] =>
  gameCategories.filter((gameType) => (ratesPpm[gameType] ?? 0) > 0);
