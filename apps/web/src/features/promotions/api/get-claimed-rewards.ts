import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rewardsEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const claimedRewardsKey = queryKeyOf(rewardsEndpoints.claimList);

/** One page of the member's claimed rewards, newest claim first. */
export const useClaimedRewards = (pageNo: number) =>
  useQuery({
    queryKey: [...claimedRewardsKey, pageNo],
    queryFn: ({ signal }) => callEndpoint(rewardsEndpoints.claimList, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
  });
