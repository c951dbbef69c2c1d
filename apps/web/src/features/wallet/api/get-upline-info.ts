import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getUplineInfo = (signal?: AbortSignal) => callEndpoint(walletEndpoints.uplineInfo, { signal });

export const uplineInfoQueryKey = queryKeyOf(walletEndpoints.uplineInfo);

export const uplineInfoQueryOptions = () =>
  queryOptions({ queryKey: uplineInfoQueryKey, queryFn: ({ signal }) => getUplineInfo(signal) });

export const useUplineInfo = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...uplineInfoQueryOptions(), enabled: options.enabled ?? true });
