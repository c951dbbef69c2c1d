import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { GamePage } from '../game-item';
import { RECENT_PAGE_SIZE } from '../lobby/lobby-rules';
import { toLobbyGame } from './to-lobby';

export interface RecentGamesInput {
  page: number;
  gameType?: string;
  vassalage?: string;
  language: string;
}

const getRecentGames = async (input: RecentGamesInput, signal?: AbortSignal): Promise<GamePage> => {
  const value = await callEndpoint(gamesEndpoints.recent, {
    query: { clientType: 3, pageSize: RECENT_PAGE_SIZE, ...input },
    signal,
  });
  return { games: value.list.map(toLobbyGame), totalPages: value.totalPages };
};

/** The member's recently launched games (GCS_recentGame, pageSize 12); only asked for when logged in. */
export const recentGamesQueryOptions = (input: RecentGamesInput, isLogin: boolean) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.recent, input),
    queryFn: ({ signal }) => getRecentGames(input, signal),
    placeholderData: keepPreviousData,
    enabled: isLogin,
  });

export const useRecentGames = (input: RecentGamesInput, isLogin: boolean) =>
  useQuery(recentGamesQueryOptions(input, isLogin));
