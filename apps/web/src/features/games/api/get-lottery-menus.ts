import { useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The lottery game menus (/lgw/games/game_menus: LOTT and ELOTT games by group), cached five minutes. */
export const useLotteryMenus = (language: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(gamesEndpoints.menus, { language }),
    queryFn: ({ signal }) => callEndpoint(gamesEndpoints.menus, { query: { language }, signal }),
    staleTime: 5 * 60_000,
    enabled,
    select: (value) => Object.values(value).flatMap((group) => group.gameMenus),
  });
