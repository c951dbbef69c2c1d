import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRewardsEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** One page of a member's rewards, available and claimed, newest first. */
export const useMemberRewards = (code: string, memberId: string, pageNo: number) =>
  useQuery({
    queryKey: [adminRewardsEndpoints.memberRewards.name, code, memberId, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminRewardsEndpoints.memberRewards, {
        params: { code, memberId },
        input: { pageNo, pageSize: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
