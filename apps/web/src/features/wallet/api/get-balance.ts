import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

const query = { typeId: 0 } as const;

export const getBalance = (signal?: AbortSignal) => callEndpoint(walletEndpoints.balance, { query, signal });

/** The balance query; realtime `wallet.balance` events write into the same key (use-live-balance.ts). */
export const balanceQueryKey = queryKeyOf(walletEndpoints.balance, query);

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: balanceQueryKey, queryFn: ({ signal }) => getBalance(signal) });

export const useBalance = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...balanceQueryOptions(), enabled: options.enabled ?? true });
