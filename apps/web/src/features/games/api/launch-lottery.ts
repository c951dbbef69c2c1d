import { useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { LotteryLaunchFields } from '../launch/lottery-launch';

/**
 * Starts a lottery (/wps/game/launchGame with the lottery launch fields): a fresh game token and the provider's
 * lottery page, once per visit of the lottery page (never cached, never retried, as every launch).
 */
export const useLaunchLottery = (fields: LotteryLaunchFields | null, isLogin: boolean) =>
  useQuery({
    queryKey: queryKeyOf(gamesEndpoints.launch, fields),
    queryFn: ({ signal }) => callEndpoint(gamesEndpoints.launch, { query: { ...(fields ?? {}) }, signal }),
    enabled: fields !== null && isLogin,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
