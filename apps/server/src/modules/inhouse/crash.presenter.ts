import {
  type CrashChain,
  type CrashHistoryEntry,
  type CrashPlayerBet,
  type CrashRound,
  formatMinor,
} from '@tessera/contracts';
import type { CrashChainRow, CrashRoundRow } from './crash.repository';
import type { RoundRow } from './inhouse.repository';

export const presentChain = (row: CrashChainRow): CrashChain => ({
  id: row.id.toString(),
  terminalHash: row.terminalHash,
  salt: row.salt,
  length: row.length,
  createdAt: row.createdAt.toISOString(),
});

/** A round as everyone sees it: the game hash and the crash point stay on the server until it crashed. */
export const presentCrashRound = (row: CrashRoundRow): CrashRound => {
  const crashed = row.status === 'crashed';
  return {
    id: row.id.toString(),
    chainId: row.chainId.toString(),
    gameNumber: row.gameNumber,
    status: row.status === 'void' ? 'crashed' : row.status,
    bettingEndsAt: row.bettingEndsAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    crashPoint: crashed ? row.crashPoint : null,
    gameHash: crashed ? row.gameHash : null,
  };
};

export const presentHistoryEntry = (row: CrashRoundRow): CrashHistoryEntry => ({
  id: row.id.toString(),
  chainId: row.chainId.toString(),
  gameNumber: row.gameNumber,
  crashPoint: row.crashPoint,
  gameHash: row.gameHash,
  endedAt: (row.endedAt ?? row.bettingEndsAt).toISOString(),
});

/** A bet in the players' list under the member's masked name. */
export const presentPlayerBet = (row: RoundRow, player: string): CrashPlayerBet => {
  const cashedOutAt = (row.outcome?.cashedOutAt as number | null | undefined) ?? null;
  return {
    id: row.id,
    player,
    currency: row.currency,
    stake: formatMinor(row.stake, row.currency),
    status: row.status === 'open' ? 'open' : row.payout > 0n ? 'won' : 'lost',
    cashedOutAt: row.status === 'open' ? null : cashedOutAt,
    payout: formatMinor(row.payout, row.currency),
  };
};
