import type { InhouseRound } from '@tessera/contracts';

/** The verification page prefilled with a finished round's seeds, nonce and choices. */
export const verifyLinkOf = (round: InhouseRound): string => {
  const query = new URLSearchParams({
    game: round.game,
    serverSeed: round.serverSeed ?? '',
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    params: JSON.stringify(round.params),
  });
  return `/inHouse/verify?${query}`;
};
