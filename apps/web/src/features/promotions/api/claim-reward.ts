import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardsEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { availableRewardsKey } from './get-available-rewards';
import { claimedRewardsKey } from './get-claimed-rewards';

/**
 * Claims a reward into the main wallet. Whatever the answer (paid, or already claimed elsewhere), the lists and the
 * balance are read again; the server also pushes the new balance to the header.
 */
export const useClaimReward = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) => callEndpoint(rewardsEndpoints.claim, { body: { rewardId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: availableRewardsKey }),
        queryClient.invalidateQueries({ queryKey: claimedRewardsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) }),
      ]),
  });
};
