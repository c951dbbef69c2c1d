/** The requests the benches and the profiler send (decision 0049): the lobby's pages and the baselines' routes. */
import { randomUUID } from 'node:crypto';
import type { Request } from './harness';

export const categoryPage = (i: number): Request => ({
  path: `/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=${1 + (i % 5)}&pageSize=18`,
  headers: { ModuleId: 'GAMELO3' },
});
export const search = (i: number): Request => ({
  path: `/wps/relay/GCSGAME_gameList?gameName=${['tiger', 'golden', 'dragon', 'pearl'][i % 4]}&pageNo=1&pageSize=18`,
  headers: { ModuleId: 'GAMELO3' },
});
export const bare = (): Request => ({ path: '/bare' });
export const select = (i: number): Request => ({ path: `/select?id=${1 + ((i * 7919) % 10_000)}` });

/** A member's authenticated read, `path` with the member's token. */
export const memberRead = (path: string, token: string) => (): Request => ({
  path,
  headers: { ModuleId: 'COMM3', Authorization: `Bearer ${token}` },
});

/** In-house dice bets of 1.00 at even odds, connection c betting as `tokens[c]`'s member (each its own seed pair). */
export const diceBets =
  (tokens: string[]) =>
  (_i: number, connection: number): Request => ({
    path: '/wps/inhouse/bets',
    method: 'POST',
    headers: { ModuleId: 'COMM3', Authorization: `Bearer ${tokens[connection % tokens.length]}` },
    body: JSON.stringify({
      game: 'dice',
      params: { target: 5000, direction: 'under' },
      stake: '1.00',
      idempotencyKey: randomUUID(),
    }),
  });
