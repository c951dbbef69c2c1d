import type { InhouseRound } from '@tessera/contracts';
import { choicesFromParams, choicesToSearch } from './verify-form';

/** The verifier prefilled with a crash round: its revealed hash, the chain's salt, terminal hash and game number. */
export const crashVerifyLink = (round: {
  gameHash: string;
  salt: string;
  terminalHash: string;
  gameNumber: number;
}): string => {
  const query = new URLSearchParams({
    game: 'crash',
    serverSeed: round.gameHash,
    salt: round.salt,
    terminalHash: round.terminalHash,
    gameNumber: String(round.gameNumber),
  });
  return `/inHouse/verify?${query}`;
};

/**
 * The verification page prefilled with a finished round's seeds, nonce and choices (one readable query
 * parameter per form field, e.g. `target=50.00&direction=under`). A crash bet carries its
 * round's revealed hash as the server seed, the chain's salt as the client seed, the chain's terminal hash as
 * the seed hash and the game number as the nonce.
 */
export const verifyLinkOf = (round: InhouseRound): string => {
  if (round.game === 'crash') {
    return crashVerifyLink({
      gameHash: round.serverSeed ?? '',
      salt: round.clientSeed,
      terminalHash: round.serverSeedHash,
      gameNumber: round.nonce,
    });
  }
  const query = new URLSearchParams({
    game: round.game,
    serverSeed: round.serverSeed ?? '',
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
  });
  for (const [field, value] of choicesToSearch(round.game, choicesFromParams(round.game, round.params))) {
    query.set(field, value);
  }
  return `/inHouse/verify?${query}`;
};
