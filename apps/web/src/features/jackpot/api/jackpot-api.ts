import { useQuery } from '@tanstack/react-query';
import { jackpotEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

export const jackpotKey = queryKeyOf(jackpotEndpoints.get);

/** The merchant's jackpot pools, as last read or pushed (`useJackpotPushes` keeps them live). */
export const useJackpotPools = () =>
  useQuery({
    queryKey: jackpotKey,
    queryFn: ({ signal }) => callEndpoint(jackpotEndpoints.get, { body: {}, signal }),
  });

/** The signed-in member's own jackpot wins (nothing is asked while logged out). */
export const useMyJackpotWins = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  return useQuery({
    enabled: isLogin,
    queryKey: queryKeyOf(jackpotEndpoints.myWins),
    queryFn: ({ signal }) => callEndpoint(jackpotEndpoints.myWins, { signal }),
  });
};
