/**
 * A tournament's standings and prizes (decision 0167). Players are ranked by their score (the amount they won in the
 * tournament's rounds), highest first. Players with the same score share a place: together they take the prizes of
 * the places they occupy, split equally and rounded down to the minor unit (what the rounding leaves, less than one
 * minor unit per tied player, is not paid). The next score's place comes after all of them (1, 2, 2, 4).
 */

export interface Entry {
  player: string;
  score: bigint;
  rounds: number;
}

export interface Standing extends Entry {
  /** 1 for the highest score; tied players have the same place. */
  place: number;
}

export interface Prize {
  player: string;
  place: number;
  amount: bigint;
}

/** At most this many paid places (a prize table's length). */
export const MAX_PRIZES = 20;

/** Highest score first; equal scores in the same place; among equals, by player for a stable order. */
export const standings = (entries: readonly Entry[]): Standing[] => {
  const sorted = [...entries].sort((a, b) =>
    a.score === b.score ? (a.player < b.player ? -1 : a.player > b.player ? 1 : 0) : a.score > b.score ? -1 : 1,
  );
  let place = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || sorted[index - 1]?.score !== entry.score) place = index + 1;
    return { ...entry, place };
  });
};

/**
 * The prizes of a finished tournament: `table[i]` is the prize of place i + 1. Only players with a score above 0
 * (who won something in the tournament's rounds) are paid; a group of tied players splits the prizes of the places
 * it spans equally, rounded down. Prizes of 0 are not listed.
 */
export const prizesOf = (entries: readonly Entry[], table: readonly bigint[]): Prize[] => {
  const ranked = standings(entries.filter((entry) => entry.score > 0n));
  const prizes: Prize[] = [];
  for (let start = 0; start < ranked.length && start < table.length; ) {
    const first = ranked[start] as Standing;
    let end = start;
    while (end < ranked.length && ranked[end]?.score === first.score) end++;
    const pool = table.slice(start, end).reduce((sum, amount) => sum + amount, 0n);
    const share = pool / BigInt(end - start);
    if (share > 0n)
      for (const standing of ranked.slice(start, end))
        prizes.push({ player: standing.player, place: standing.place, amount: share });
    start = end;
  }
  return prizes;
};
