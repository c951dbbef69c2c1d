import { type AdminJackpot, type AdminJackpotWin, formatMinor, type JackpotWin } from '@tessera/contracts';
import type { PoolRow, PoolTotals, WinRow } from './jackpot.repository';

export const presentPool = (row: PoolRow) => ({
  currency: row.currency,
  value: formatMinor(row.value, row.currency),
  eligibleGames: row.eligibleGames,
});

export const presentWin = (row: WinRow): JackpotWin => ({
  id: row.id,
  roundId: row.roundId,
  game: row.game,
  currency: row.currency,
  amount: formatMinor(row.amount, row.currency),
  wonAt: row.createdAt.toISOString(),
  proof: {
    serverSeedHash: row.serverSeedHash,
    serverSeed: row.serverSeed,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    probabilityPpb: row.probabilityPpb,
    draw: row.draw,
  },
});

export const presentAdminWin = (row: WinRow): AdminJackpotWin => ({
  ...presentWin(row),
  memberId: row.memberId,
  username: row.username,
});

export const presentAdminJackpot = (state: {
  currency: string;
  row: PoolRow | null;
  totals: PoolTotals;
}): AdminJackpot => {
  const { currency, row, totals } = state;
  return {
    currency,
    configured: row !== null,
    enabled: row?.enabled ?? false,
    seed: formatMinor(row?.seed ?? 0n, currency),
    shareBp: row?.shareBp ?? 0,
    probabilityPpb: row?.probabilityPpb ?? 0,
    eligibleGames: row?.eligibleGames ?? [],
    value: formatMinor(row?.value ?? 0n, currency),
    contributions: totals.contributions,
    contributed: formatMinor(totals.contributed, currency),
    wins: totals.wins,
    paid: formatMinor(totals.paid, currency),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
};
