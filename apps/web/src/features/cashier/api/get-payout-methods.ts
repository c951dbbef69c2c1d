import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const payoutMethodsQueryKey = queryKeyOf(withdrawalEndpoints.methods);

const methodsQueryOptions = () =>
  queryOptions({
    queryKey: payoutMethodsQueryKey,
    queryFn: ({ signal }) => callEndpoint(withdrawalEndpoints.methods, { signal }),
  });

export const usePayoutMethods = () => useQuery(methodsQueryOptions());
