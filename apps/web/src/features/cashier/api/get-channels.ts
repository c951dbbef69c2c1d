import { queryOptions, useQuery } from '@tanstack/react-query';
import { cashierEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getChannels = (signal?: AbortSignal) => callEndpoint(cashierEndpoints.channels, { signal });

export const channelsQueryOptions = () =>
  queryOptions({ queryKey: queryKeyOf(cashierEndpoints.channels), queryFn: ({ signal }) => getChannels(signal) });

export const useChannels = () => useQuery(channelsQueryOptions());
