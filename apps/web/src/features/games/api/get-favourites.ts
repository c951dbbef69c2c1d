import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { GamePage } from '../game-item';
import { toLobbyGame } from './to-lobby';

/** The member's favourite nodeIds (MCSFE_getFavoriteGames), as strings. */
export const favouriteIdsQueryOptions = (isLogin: boolean) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.favouriteIds),
    queryFn: ({ signal }) => callEndpoint(gamesEndpoints.favouriteIds, { query: { clientType: 3 }, signal }),
    enabled: isLogin,
    staleTime: 60_000,
  });

export const useFavouriteIds = (isLogin: boolean) => useQuery(favouriteIdsQueryOptions(isLogin));

export interface FavouriteListInput {
  gameType?: string;
  vassalage?: string;
  pageNo: number;
  pageSize: number;
  language: string;
}

const getFavouriteList = async (input: FavouriteListInput, signal?: AbortSignal): Promise<GamePage> => {
  const value = await callEndpoint(gamesEndpoints.favouriteList, {
    query: { clientType: 3, platform: 'flash', ...input },
    signal,
  });
  return { games: value.content.map(toLobbyGame), totalPages: value.totalPages };
};

/** The member's favourite games (MCSFE_getFavoriteGamesList), newest first. */
export const favouriteListQueryOptions = (input: FavouriteListInput, isLogin: boolean) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.favouriteList, input),
    queryFn: ({ signal }) => getFavouriteList(input, signal),
    placeholderData: keepPreviousData,
    enabled: isLogin,
  });

export const useFavouriteList = (input: FavouriteListInput, isLogin: boolean) =>
  useQuery(favouriteListQueryOptions(input, isLogin));
