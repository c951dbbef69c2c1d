import {
  type MissionBoardPeriod,
  type MissionCategory,
  type MissionKind,
  type MissionPeriod,
  zonedDate,
  zonedWallTimeToIso,
} from '@tessera/contracts';
import { categoryOfGameType } from '../points';

/**
 * The mission rules (decision 0096), pure: which period a moment falls in on the merchant's clock, how a fact
 * (a settled round, a credited deposit, a login) moves a mission's progress, and when that completes it.
 */

/** A fact a mission may count. */
export type MissionFact =
  | { type: 'bet'; gameType: string; betAmount: bigint; validBet: bigint }
  | { type: 'deposit'; amount: bigint }
  | { type: 'login'; day: string };

export interface ProgressState {
  progress: bigint;
  target: bigint;
  /** login_days: the last day counted. */
  lastDay: string | null;
}

export interface ProgressStep {
  progress: bigint;
  lastDay: string | null;
  /** This step reached the target (it was not reached before). */
  completes: boolean;
}

const DAY_MS = 86_400_000;

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday (`YYYY-MM-DD`) of the week holding a calendar date. */
export const mondayOf = (date: string): string => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
};

/** The key of the period holding `at` on the merchant's clock: the day, the week's Monday, or `once`. */
export const periodKeyOf = (period: MissionPeriod | MissionBoardPeriod, timeZone: string, at: Date): string => {
  if (period === 'once') return 'once';
  const day = zonedDate(timeZone, at);
  return period === 'daily' ? day : mondayOf(day);
};

/** The instant a merchant day begins. */
const dayStart = (date: string, timeZone: string): Date =>
  new Date(zonedWallTimeToIso(`${date}T00:00`, timeZone) ?? `${date}T00:00:00Z`);

/** Where a daily or weekly period begins and ends (the next one's start). */
export const periodBounds = (
  period: MissionBoardPeriod,
  key: string,
  timeZone: string,
): { startsAt: Date; endsAt: Date } => ({
  startsAt: dayStart(key, timeZone),
  endsAt: dayStart(addDays(key, period === 'daily' ? 1 : 7), timeZone),
});

/** The key of the period `offset` periods before the one holding `at`. */
export const earlierPeriodKey = (period: MissionBoardPeriod, timeZone: string, at: Date, offset: number): string =>
  addDays(periodKeyOf(period, timeZone, at), -offset * (period === 'daily' ? 1 : 7));

/** Whether a settled round's game is in a mission's category. */
export const inCategory = (category: MissionCategory, gameType: string): boolean =>
  category === 'all' || categoryOfGameType(gameType) === category;

/**
 * How much a fact adds to a mission of `kind` and `category`, before the cap at the target: a round with a stake
 * counts one, valid bet its amount, a deposit its amount; a login is counted by `advance` (one per new day).
 */
export const stepOf = (kind: MissionKind, category: MissionCategory, fact: MissionFact): bigint => {
  switch (kind) {
    case 'rounds':
      return fact.type === 'bet' && fact.betAmount > 0n && inCategory(category, fact.gameType) ? 1n : 0n;
    case 'valid_bet':
      return fact.type === 'bet' && fact.validBet > 0n && inCategory(category, fact.gameType) ? fact.validBet : 0n;
    case 'deposit':
      return fact.type === 'deposit' && fact.amount > 0n ? fact.amount : 0n;
    case 'login_days':
      return fact.type === 'login' ? 1n : 0n;
  }
};

/**
 * A mission's progress after a fact: null when nothing changes (the fact does not count, the mission is already
 * complete, or the login's day was counted). Progress never passes the target; a login counts once per new day.
 */
export const advance = (
  kind: MissionKind,
  category: MissionCategory,
  state: ProgressState,
  fact: MissionFact,
): ProgressStep | null => {
  if (state.progress >= state.target) return null;
  const step = stepOf(kind, category, fact);
  if (step <= 0n) return null;
  let lastDay = state.lastDay;
  if (kind === 'login_days' && fact.type === 'login') {
    if (lastDay !== null && fact.day <= lastDay) return null;
    lastDay = fact.day;
  }
  // bigint: Math.min does not apply.
  let progress = state.progress + step;
  if (progress > state.target) progress = state.target;
  return { progress, lastDay, completes: progress >= state.target };
};

/** The masked name a leaderboard shows: its first one or two characters and its last, with the length hidden. */
export const maskName = (username: string): string => {
  if (username.length <= 2) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, username.length > 4 ? 2 : 1)}***${username.slice(-1)}`;
};
