import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getWallets = (signal?: AbortSignal) => callEndpoint(walletEndpoints.wallets, { signal });

export const walletsQueryKey = queryKeyOf(walletEndpoints.wallets);

export const walletsQueryOptions = () =>
  queryOptions({ queryKey: walletsQueryKey, queryFn: ({ signal }) => getWallets(signal) });

export const useWallets = () => useQuery(walletsQueryOptions());
