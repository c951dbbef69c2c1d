import { useQuery } from '@tanstack/react-query';
import { gamesEndpoints, WINNER_BOARD_LIMIT } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/** The winners board (GCSGAME_getRankList: gameCategory ALL, language, limitNum 20); refetched with the language. */
export const useWinners = () => {
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: queryKeyOf(gamesEndpoints.rankList, { language }),
    queryFn: ({ signal }) =>
      callEndpoint(gamesEndpoints.rankList, {
        query: { gameCategory: 'ALL', language: language ?? undefined, limitNum: WINNER_BOARD_LIMIT },
        signal,
      }),
    staleTime: 60_000,
    enabled: language !== null,
  });
};
