import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { GamePage } from '../game-item';
import { toLobbyGame } from './to-lobby';

export interface GameListInput {
  /** A category, or undefined for every category (search). */
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  pageNo: number;
  pageSize: number;
  language: string;
}

const getGameList = async (input: GameListInput, signal?: AbortSignal): Promise<GamePage> => {
  const value = await callEndpoint(gamesEndpoints.list, {
    query: { clientType: 3, platform: 'flash,html5-desktop', ...input },
    signal,
  });
  return { games: value.games.map(toLobbyGame), totalPages: value.totalPages };
};

/** One page of the lobby grid (GCSGAME_gameList): filtered, searched over every language, paged. */
export const gameListQueryOptions = (input: GameListInput, isEnabled = true) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.list, input),
    queryFn: ({ signal }) => getGameList(input, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: isEnabled,
  });

export const useGameList = (input: GameListInput, isEnabled = true) => useQuery(gameListQueryOptions(input, isEnabled));
