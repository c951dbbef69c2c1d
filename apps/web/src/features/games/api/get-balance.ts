import { useQuery } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

const query = { typeId: 0 } as const;

/**
 * The same key as the header's balance: the shell's realtime `wallet.balance` pushes land in it after every bet
 * and win the game makes, so the figure beside the frame moves with the game.
 */
export const seamlessBalanceKey = queryKeyOf(walletEndpoints.balance, query);

export const useSeamlessBalance = (isLogin: boolean) =>
  useQuery({
    queryKey: seamlessBalanceKey,
    queryFn: ({ signal }) => callEndpoint(walletEndpoints.balance, { query, signal }),
    enabled: isLogin,
  });
