import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rebateEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { rebateClaimsQueryKey } from './get-rebate-claims';
import { rebateOverviewQueryKey } from './get-rebate-overview';

/**
 * Collects the rebate. Afterwards (paid or refused) the overview and the history are read again, and the balance:
 * the server also pushes it (`wallet.balance`), this covers a socket that is not connected.
 */
export const useCollectRebate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(rebateEndpoints.collect, { body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rebateOverviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: rebateClaimsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) }),
      ]),
  });
};
