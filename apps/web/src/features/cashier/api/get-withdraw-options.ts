import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const withdrawOptionsQueryKey = queryKeyOf(withdrawalEndpoints.options);

const optionsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawOptionsQueryKey,
    queryFn: ({ signal }) => callEndpoint(withdrawalEndpoints.options, { signal }),
  });

export const useWithdrawOptions = () => useQuery(optionsQueryOptions());
