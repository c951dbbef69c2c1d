import { useQuery } from '@tanstack/react-query';
import { rewardsEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const availableRewardsKey = queryKeyOf(rewardsEndpoints.availablePromotions);

/** The rewards waiting to be claimed and their count (the reward centre's badge). */
export const useAvailableRewards = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: availableRewardsKey,
    queryFn: ({ signal }) => callEndpoint(rewardsEndpoints.availablePromotions, { signal }),
    enabled,
  });
