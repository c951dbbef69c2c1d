import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CrashBetRequest, crashEndpoints, inhouseEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The round, chain, players, history and the member's own bet; `receivedAt` dates the server's clock. */
export const useCrashState = (signedIn: boolean) =>
  useQuery({
    queryKey: queryKeyOf(crashEndpoints.state, { signedIn }),
    queryFn: async ({ signal }) => ({
      state: await callEndpoint(crashEndpoints.state, { signal }),
      receivedAt: Date.now(),
    }),
  });

/** After a bet changed: the member's state, the recall list and the balance are stale. */
export const useRefreshCrash = () => {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeyOf(crashEndpoints.state) });
    void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.recall, { game: 'crash' }) });
    void client.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) });
  };
};

export const usePlaceCrashBet = () => {
  const refresh = useRefreshCrash();
  return useMutation({
    mutationFn: (body: CrashBetRequest) => callEndpoint(crashEndpoints.placeBet, { body }),
    onSuccess: refresh,
  });
};

export const useCrashCashOut = () => {
  const refresh = useRefreshCrash();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(crashEndpoints.cashOut, { params: { id }, body: {} }),
    onSuccess: refresh,
  });
};
