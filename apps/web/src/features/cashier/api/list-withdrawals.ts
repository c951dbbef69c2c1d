import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const withdrawalsQueryKey = queryKeyOf(withdrawalEndpoints.list);

const withdrawalsQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: [...withdrawalsQueryKey, { pageNo }],
    queryFn: ({ signal }) => callEndpoint(withdrawalEndpoints.list, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (pageNo: number) => useQuery(withdrawalsQueryOptions(pageNo));
