import type {
  CrashBetEvent,
  CrashChain,
  CrashHistoryEntry,
  CrashPlayerBet,
  CrashRound,
  CrashRoundEvent,
  CrashState,
} from '@tessera/contracts';
import { crashMultiplierAt } from '@tessera/engines';

/** What the crash page shows, kept current from the state call and the `crash` topic's events. */
export interface CrashModel {
  round: CrashRound | null;
  chain: CrashChain | null;
  ratePerMs: number;
  bets: CrashPlayerBet[];
  history: CrashHistoryEntry[];
  /** Server clock minus this browser's clock, in ms, from the last message that carried the server's time. */
  offsetMs: number;
}

/** Crashed rounds kept in the history strip. */
export const HISTORY_KEPT = 20;

const PHASE_ORDER: Record<CrashRound['status'], number> = { betting: 0, running: 1, crashed: 2 };

/** Whether `candidate` is the same round as `current` further on, or a later round. */
export const isNewer = (candidate: CrashRound, current: CrashRound | null): boolean => {
  if (!current) return true;
  const a = BigInt(candidate.id);
  const b = BigInt(current.id);
  return a > b || (a === b && PHASE_ORDER[candidate.status] >= PHASE_ORDER[current.status]);
};

const offsetOf = (serverTime: string, receivedAt: number) => Date.parse(serverTime) - receivedAt;

const withCrashed = (history: CrashHistoryEntry[], round: CrashRound): CrashHistoryEntry[] => {
  if (round.status !== 'crashed' || round.crashPoint === null || round.gameHash === null) return history;
  if (history.some((entry) => entry.id === round.id)) return history;
  const entry: CrashHistoryEntry = {
    id: round.id,
    chainId: round.chainId,
    gameNumber: round.gameNumber,
    crashPoint: round.crashPoint,
    gameHash: round.gameHash,
    endedAt: round.endedAt ?? round.bettingEndsAt,
  };
  return [entry, ...history].slice(0, HISTORY_KEPT);
};

/** The model from a state call answered at `receivedAt`; a newer round already known from an event is kept. */
export const modelFromState = (state: CrashState, receivedAt: number, previous: CrashModel | null): CrashModel => {
  const fresh: CrashModel = {
    round: state.round,
    chain: state.chain,
    ratePerMs: state.growth.ratePerMs,
    bets: state.bets,
    history: state.history,
    offsetMs: offsetOf(state.serverTime, receivedAt),
  };
  if (!previous?.round || !state.round || isNewer(state.round, previous.round)) return fresh;
  return { ...previous, history: previous.history.length > 0 ? previous.history : state.history };
};

/** A phase change: a new round clears the players' list; a crash joins the history. */
export const applyRoundEvent = (model: CrashModel | null, event: CrashRoundEvent, receivedAt: number): CrashModel => {
  const base: CrashModel = model ?? {
    round: null,
    chain: null,
    ratePerMs: event.growth.ratePerMs,
    bets: [],
    history: [],
    offsetMs: 0,
  };
  if (base.round && !isNewer(event.round, base.round)) return base;
  const sameRound = base.round?.id === event.round.id;
  return {
    round: event.round,
    chain: event.chain,
    ratePerMs: event.growth.ratePerMs,
    bets: sameRound ? base.bets : [],
    history: withCrashed(base.history, event.round),
    offsetMs: offsetOf(event.serverTime, receivedAt),
  };
};

/** A bet placed or settled: replaces the bet of that id, or joins the list (bets of other rounds are ignored). */
export const applyBetEvent = (model: CrashModel | null, event: CrashBetEvent): CrashModel | null => {
  if (!model?.round || model.round.id !== event.roundId) return model;
  const index = model.bets.findIndex((bet) => bet.id === event.bet.id);
  const bets = index === -1 ? [...model.bets, event.bet] : model.bets.with(index, event.bet);
  return { ...model, bets };
};

export type CrashView =
  | { phase: 'idle' }
  | { phase: 'betting'; msLeft: number }
  | { phase: 'running'; elapsedMs: number; multiplier: number }
  | { phase: 'crashed'; elapsedMs: number; multiplier: number };

/**
 * What to draw at local time `now`: the betting countdown, the curve's multiplier from the round's start and the
 * growth rate (no message per tick), or the crash.
 */
export const viewAt = (model: CrashModel | null, now: number): CrashView => {
  const round = model?.round;
  if (!model || !round) return { phase: 'idle' };
  const serverNow = now + model.offsetMs;
  if (round.status === 'betting') {
    return { phase: 'betting', msLeft: Math.max(0, Date.parse(round.bettingEndsAt) - serverNow) };
  }
  const startedAt = Date.parse(round.startedAt ?? round.bettingEndsAt);
  if (round.status === 'crashed') {
    const endedAt = round.endedAt ? Date.parse(round.endedAt) : startedAt;
    return { phase: 'crashed', elapsedMs: Math.max(0, endedAt - startedAt), multiplier: round.crashPoint ?? 100 };
  }
  const elapsedMs = Math.max(0, serverNow - startedAt);
  return { phase: 'running', elapsedMs, multiplier: crashMultiplierAt(elapsedMs, model.ratePerMs) };
};

/**
 * The curve from the start to `elapsedMs` in a `width` × `height` box: time on x (at least 10 s shown), the
 * multiplier on y from 1× (at least up to 2×), so the line climbs and the axes stretch as the round goes on. The
 * area is the line closed down to the time axis.
 */
export const curvePath = (
  elapsedMs: number,
  ratePerMs: number,
  width: number,
  height: number,
): { line: string; area: string } => {
  const spanMs = Math.max(10_000, elapsedMs * 1.15);
  const top = Math.max(2, Math.exp(ratePerMs * elapsedMs) * 1.2);
  const steps = 48;
  const points: string[] = [];
  let x = 0;
  for (let i = 0; i <= steps; i += 1) {
    const t = (elapsedMs * i) / steps;
    const m = Math.exp(ratePerMs * t);
    x = (t / spanMs) * width;
    const y = height - ((m - 1) / (top - 1)) * height;
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  const line = `M${points.join(' L')}`;
  return { line, area: `${line} L${x.toFixed(1)},${height} L0,${height} Z` };
};

/** What cashing out a stake (minor units) at a multiplier in hundredths pays: floor, as the server pays. */
export const payoutAt = (stakeMinor: bigint, hundredths: number): bigint => (stakeMinor * BigInt(hundredths)) / 100n;

/** A typed target ("2", "1.5x") in hundredths, or null when empty; NaN when it is not a number. */
export const parseTarget = (text: string): number | null => {
  const cleaned = text.trim().replace(/[x×]$/i, '').trim();
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
};

/** Whether the member's bet (a crash round of the recall) belongs to `round` of `chain`. */
export const isBetOfRound = (
  bet: { nonce: number; serverSeedHash: string } | null,
  round: CrashRound | null,
  chain: CrashChain | null,
): boolean =>
  bet !== null &&
  round !== null &&
  chain !== null &&
  bet.nonce === round.gameNumber &&
  bet.serverSeedHash === chain.terminalHash;
