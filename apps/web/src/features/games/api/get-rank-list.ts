import { queryOptions, useQuery } from '@tanstack/react-query';
import { gamesEndpoints, WINNER_BOARD_LIMIT } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The winners board (GCSGAME_getRankList, gameCategory ALL, limitNum 20). */
export const rankListQueryOptions = (language: string) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.rankList, { language }),
    queryFn: ({ signal }) =>
      callEndpoint(gamesEndpoints.rankList, {
        query: { gameCategory: 'ALL', language, limitNum: WINNER_BOARD_LIMIT },
        signal,
      }),
    staleTime: 60_000,
    select: (value) => value.list.map((entry) => entry.vo),
  });

export const useRankList = (language: string) => useQuery(rankListQueryOptions(language));
