import { createHash } from 'node:crypto';

/**
 * The sportsbook's maths (decision 0130), integers only. Odds are decimal odds in hundredths (185 = 1.85); money is
 * in minor units. A fixture's market is 1X2 (home, draw, away) for a sport and home/away for an e-sport; its odds are
 * its true probabilities with a 6% margin. Settlement, accumulators and the cash-out price follow from the odds.
 */

export type Pick = 'home' | 'draw' | 'away';
export type FixtureResult = Pick | 'void';
export type Sport = 'sports' | 'esports';

export interface Fixture {
  id: string;
  home: string;
  away: string;
  /** When the match starts (for show: a fixture takes bets until its result is entered). */
  startsAt: string;
  /** Odds in hundredths per pick of the market (no draw in an e-sport). */
  odds: Partial<Record<Pick, number>>;
}

/** A pick on one fixture at the odds it was taken at. */
export interface Leg {
  fixtureId: string;
  pick: Pick;
  odds: number;
  /** The fixture's market at the time of the bet (every pick's odds), for the cash-out price. */
  market: number[];
}

/** The most legs of an accumulator. */
export const MAX_LEGS = 8;
export const MARGIN_PERCENT = 6;
/** Stakes in minor units: 1.00 to 500.00. */
export const SPORTS_MIN_STAKE = 1_00n;
export const SPORTS_MAX_STAKE = 500_00n;
/** The most a bet may win (minor units): a bet whose potential payout is larger is refused. */
export const SPORTS_MAX_PAYOUT = 50_000_00n;

/** Deterministic numbers in [0, 1) from a text: the n-th is read from SHA-256(seed:n). Same game code, same fixtures. */
export const seededRandom = (seed: string): (() => number) => {
  let n = 0;
  return () => createHash('sha256').update(`${seed}:${n++}`).digest().readUInt32BE(0) / 4294967296;
};

const TEAMS: Record<Sport, readonly string[]> = {
  sports: [
    'Harbour City',
    'Red Lions',
    'North Rovers',
    'Atletico Sur',
    'Dynamo East',
    'Riverside',
    'Golden Eagles',
    'Union Port',
    'Blue Falcons',
    'Mountain FC',
    'Sporting Bay',
    'Old Town',
  ],
  esports: [
    'Nova Five',
    'Team Vortex',
    'Iron Wolves',
    'Pixel Kings',
    'Night Owls',
    'Crimson Core',
    'Zero Lag',
    'Storm Unit',
    'Echo Squad',
    'Void Runners',
    'Neon Tigers',
    'Apex Nine',
  ],
};

/** Odds in hundredths for a true probability with the margin: floor(1 / (p × 1.06)), at least 1.01. */
export const oddsOf = (probability: number): number =>
  Math.max(101, Math.floor(10_000 / (probability * (100 + MARGIN_PERCENT))));

/** The fixtures of a game: six matches, teams and odds fixed by the game code, starting hourly after `from`. */
export const fixturesOf = (gameCode: string, sport: Sport, from: Date): Fixture[] => {
  const random = seededRandom(`${sport}:${gameCode}`);
  const teams = [...TEAMS[sport]];
  for (let i = teams.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [teams[i], teams[j]] = [teams[j] as string, teams[i] as string];
  }
  const start = Math.ceil(from.getTime() / 3_600_000) * 3_600_000;
  return Array.from({ length: 6 }, (_, n) => {
    const homeStrength = 0.3 + random() * 0.4;
    const draw = sport === 'sports' ? 0.2 + random() * 0.1 : 0;
    const home = homeStrength * (1 - draw);
    const away = 1 - draw - home;
    return {
      id: `${gameCode}-F${n + 1}`,
      home: teams[2 * n] as string,
      away: teams[2 * n + 1] as string,
      startsAt: new Date(start + (n + 1) * 3_600_000).toISOString(),
      odds:
        sport === 'sports'
          ? { home: oddsOf(home), draw: oddsOf(draw), away: oddsOf(away) }
          : { home: oddsOf(home), away: oddsOf(away) },
    };
  });
};

/** The odds of every pick of a fixture's market, in a fixed order. */
export const marketOf = (fixture: Fixture): number[] =>
  (['home', 'draw', 'away'] as const).flatMap((pick) => (fixture.odds[pick] ? [fixture.odds[pick]] : []));

/** A fraction of bigints. */
interface Ratio {
  n: bigint;
  d: bigint;
}

/** The odds of all legs multiplied: the accumulator's odds, as a fraction. */
const combined = (odds: readonly number[]): Ratio => ({
  n: odds.reduce((product, o) => product * BigInt(o), 1n),
  d: 100n ** BigInt(odds.length),
});

/** What a stake wins if every leg wins (minor units, rounded down). */
export const potentialPayout = (stake: bigint, odds: readonly number[]): bigint => {
  const { n, d } = combined(odds);
  return (stake * n) / d;
};

/** A leg's state once its fixture has (or has not) a result. */
export type LegState = 'pending' | 'won' | 'lost' | 'void';
export const legState = (leg: Pick, result: FixtureResult | null): LegState =>
  result === null ? 'pending' : result === 'void' ? 'void' : result === leg ? 'won' : 'lost';

/**
 * Where a bet stands: `open` while a leg is pending and none lost; `settled` with its payout once a leg lost (0) or
 * every leg has a result (won legs at their odds, void legs at 1.00); `void` when every leg was voided.
 */
export type BetOutcome = { kind: 'open' } | { kind: 'settled'; payout: bigint } | { kind: 'void' };
export const betOutcome = (stake: bigint, legs: readonly { odds: number; state: LegState }[]): BetOutcome => {
  if (legs.some((leg) => leg.state === 'lost')) return { kind: 'settled', payout: 0n };
  if (legs.some((leg) => leg.state === 'pending')) return { kind: 'open' };
  if (legs.every((leg) => leg.state === 'void')) return { kind: 'void' };
  const { n, d } = combined(legs.map((leg) => (leg.state === 'void' ? 100 : leg.odds)));
  return { kind: 'settled', payout: (stake * n) / d };
};

/**
 * The fair cash-out price of an open bet: its expected payout at the market's margin-free probabilities. A pending
 * leg at odds o in a market whose odds are o₁…oₖ wins with probability (1/o)/Σ(1/oⱼ), so its expected factor is
 * o × that = 1/Σ(1/oⱼ) (the market's overround taken out); won legs count their odds, void legs 1.00, and a lost
 * leg makes it 0. Rounded down to the minor unit. No margin is taken on the cash-out itself.
 */
export const cashoutPrice = (
  stake: bigint,
  legs: readonly { odds: number; market: readonly number[]; state: LegState }[],
): bigint => {
  if (legs.some((leg) => leg.state === 'lost')) return 0n;
  let n = stake;
  let d = 1n;
  for (const leg of legs) {
    if (leg.state === 'won') {
      n *= BigInt(leg.odds);
      d *= 100n;
    } else if (leg.state === 'pending') {
      // 1 / Σ(100/oⱼ) = Π oⱼ / (100 × Σ Π_{k≠j} oₖ)
      const product = leg.market.reduce((p, o) => p * BigInt(o), 1n);
      const sum = leg.market.reduce((s, o) => s + product / BigInt(o), 0n);
      n *= product;
      d *= 100n * sum;
    }
  }
  return n / d;
};
