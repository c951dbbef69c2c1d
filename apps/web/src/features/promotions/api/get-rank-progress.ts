import { useQuery } from '@tanstack/react-query';
import { vipEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/** Every language's rank progress: invalidated together when the member's totals may have moved. */
export const rankProgressKey = queryKeyOf(vipEndpoints.rankProgress);

/**
 * The signed-in member's VIP level and progress to the next (MCSFE_getPlayerRankProgress). Reading it also grants
 * the upgrade bonus of any level newly reached, so the reward count may change after it.
 */
export const useRankProgress = ({ enabled }: { enabled: boolean }) => {
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: [...rankProgressKey, { language }],
    queryFn: ({ signal }) => callEndpoint(vipEndpoints.rankProgress, { signal }),
    enabled: enabled && language !== null,
  });
};
