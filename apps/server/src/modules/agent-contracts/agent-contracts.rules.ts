import {
  basisPointsOf,
  type ContractKind,
  type ContractTerms,
  currencyExponent,
  REALTIME_WINDOW_SECONDS,
  type SettlementPeriod,
} from '@tessera/contracts';

/**
 * The settlement arithmetic of agent contracts (decision 0076), pure: periods, tier matching and amounts. Amounts
 * are bigint minor units; rates basis points; a product is rounded down once, at the end.
 */

const BP = 10_000n;

/** A tier with its thresholds in minor units (and a member count) and its rate in basis points. */
export interface Tier {
  validBet: bigint;
  loss: bigint;
  activeMembers: number;
  rateBp: number;
}

/** What a period's settlement reads about the downline's team. */
export interface PeriodInputs {
  validBet: bigint;
  /** The team's loss: stakes less payouts (negative when the team won). */
  loss: bigint;
  activeMembers: number;
}

/** A threshold typed as "1234.5" in the merchant's currency, in minor units (0 allowed). */
export const minorOfThreshold = (text: string, currency: string): bigint => {
  const exponent = currencyExponent(currency);
  const [whole = '0', fraction = ''] = text.trim().split('.');
  if (fraction.replace(/0+$/, '').length > exponent) throw new RangeError('threshold too precise');
  return BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0').slice(0, exponent) || '0');
};

/** The terms' tiers in minor units and basis points (real-time terms have none). */
export const tiersOf = (terms: ContractTerms, currency: string): Tier[] => {
  const money = (text: string) => minorOfThreshold(text, currency);
  switch (terms.kind) {
    case 'dividend':
      return terms.tiers.map((t) => ({
        validBet: money(t.validBet),
        loss: money(t.loss),
        activeMembers: Number(t.activeMembers),
        rateBp: basisPointsOf(t.rate),
      }));
    case 'daily':
      return terms.tiers.map((t) => ({
        validBet: money(t.betAmount),
        loss: 0n,
        activeMembers: Number(t.activeMembers),
        rateBp: basisPointsOf(t.rate),
      }));
    case 'hourly':
      return terms.tiers.map((t) => ({
        validBet: money(t.betAmount),
        loss: 0n,
        activeMembers: 0,
        rateBp: basisPointsOf(t.rate),
      }));
    case 'realtime':
      return [];
  }
};

/**
 * The best tier met (0-based index), or null: the tier with the highest rate whose every threshold the inputs
 * reach. Only the dividend reads the loss threshold; hourly reads no member count (its tiers ask for 0).
 */
export const matchTier = (tiers: readonly Tier[], inputs: PeriodInputs, kind: ContractKind): number | null => {
  let best: number | null = null;
  tiers.forEach((tier, index) => {
    const met =
      inputs.validBet >= tier.validBet &&
      inputs.activeMembers >= tier.activeMembers &&
      (kind !== 'dividend' || inputs.loss >= tier.loss);
    if (met && (best === null || tier.rateBp > (tiers[best] as Tier).rateBp)) best = index;
  });
  return best;
};

/**
 * Whether a break or self-exclusion covers some moment of the period [start, end) (decision 0110): it started before
 * the period ended and had not ended when the period started. A member so blocked is left out of the period's
 * counting: its rounds, its stake and loss, and its place in the active-member count.
 */
export const blockedDuring = (
  block: { startsAt: Date; endsAt: Date | null },
  period: { start: Date; end: Date },
): boolean => block.startsAt < period.end && (block.endsAt === null || block.endsAt > period.start);

/** The members among `blocks` blocked at some moment of the period, each once, in order. */
export const leftOutMembers = (
  blocks: readonly { memberId: string; startsAt: Date; endsAt: Date | null }[],
  period: { start: Date; end: Date },
): string[] => [...new Set(blocks.filter((block) => blockedDuring(block, period)).map((b) => b.memberId))].sort();

/**
 * A team's period inputs with the left-out members' own figures taken out (the daily salary, read from day totals):
 * their valid bet, their loss and, for each of them who played, one active member. Never below zero members.
 */
export const withoutLeftOut = (
  team: PeriodInputs,
  leftOut: { validBet: bigint; loss: bigint; activeMembers: number },
): PeriodInputs => ({
  validBet: team.validBet - leftOut.validBet,
  loss: team.loss - leftOut.loss,
  activeMembers: Math.max(0, team.activeMembers - leftOut.activeMembers),
});

/** `base × rate`, rounded down once. A base of 0 or less pays nothing. */
export const applyRate = (base: bigint, rateBp: number): bigint => (base > 0n ? (base * BigInt(rateBp)) / BP : 0n);

/**
 * A tiered period's amount: the dividend pays its rate on the team's loss (nothing when the team won); the daily
 * and hourly salaries on the team's valid bet.
 */
export const periodAmount = (
  kind: Exclude<ContractKind, 'realtime'>,
  tiers: readonly Tier[],
  inputs: PeriodInputs,
): { tier: number | null; rateBp: number | null; amount: bigint } => {
  const tier = matchTier(tiers, inputs, kind);
  if (tier === null) return { tier: null, rateBp: null, amount: 0n };
  const rateBp = (tiers[tier] as Tier).rateBp;
  return { tier, rateBp, amount: applyRate(kind === 'dividend' ? inputs.loss : inputs.validBet, rateBp) };
};

/** Real-time salary of one settled round, before rounding: valid bet × the win or loss rate (basis-point units). */
export const realtimeShare = (
  round: { validBet: bigint; betAmount: bigint; payout: bigint },
  terms: { winBp: number; lossBp: number; minBet: bigint },
): bigint | null => {
  if (round.validBet <= 0n || round.betAmount < terms.minBet) return null;
  const won = round.payout > round.betAmount;
  return round.validBet * BigInt(won ? terms.winBp : terms.lossBp);
};

/** A window's real-time salary: the rounds' shares summed, rounded down once. */
export const realtimeAmount = (shares: readonly bigint[]): bigint => shares.reduce((sum, s) => sum + s, 0n) / BP;

// --- Periods (UTC, decision 0057's days) ---------------------------------------------------------------------

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WINDOW_MS = REALTIME_WINDOW_SECONDS * 1000;

/** The settlement period of a contract's terms. */
export const periodKindOf = (terms: ContractTerms): SettlementPeriod =>
  terms.kind === 'dividend' ? terms.period : terms.kind === 'daily' ? 'D' : terms.kind === 'hourly' ? 'hour' : 'window';

/** The period containing `at`: [start, end). */
export const periodAt = (period: SettlementPeriod, at: Date): { start: Date; end: Date } => {
  const t = at.getTime();
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  switch (period) {
    case 'window': {
      const start = Math.floor(t / WINDOW_MS) * WINDOW_MS;
      return { start: new Date(start), end: new Date(start + WINDOW_MS) };
    }
    case 'hour': {
      const start = Math.floor(t / HOUR_MS) * HOUR_MS;
      return { start: new Date(start), end: new Date(start + HOUR_MS) };
    }
    case 'D': {
      const start = Math.floor(t / DAY_MS) * DAY_MS;
      return { start: new Date(start), end: new Date(start + DAY_MS) };
    }
    case 'W': {
      // ISO weeks: Monday to Sunday.
      const day = Math.floor(t / DAY_MS) * DAY_MS;
      const weekday = (new Date(day).getUTCDay() + 6) % 7;
      const start = day - weekday * DAY_MS;
      return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
    }
    case 'H': {
      const firstHalf = at.getUTCDate() <= 15;
      return firstHalf
        ? { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m, 16)) }
        : { start: new Date(Date.UTC(y, m, 16)), end: new Date(Date.UTC(y, m + 1, 1)) };
    }
    case 'M':
      return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  }
};

/** The UTC days a period covers, inclusive (for the day-keyed team totals). */
export const daysOf = (period: { start: Date; end: Date }): { from: string; to: string } => ({
  from: period.start.toISOString().slice(0, 10),
  to: new Date(period.end.getTime() - 1).toISOString().slice(0, 10),
});
