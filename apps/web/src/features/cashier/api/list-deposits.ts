import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cashierEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const listDeposits = (pageNo: number, signal?: AbortSignal) =>
  callEndpoint(cashierEndpoints.listDeposits, { query: { pageNo }, signal });

export const depositsQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: queryKeyOf(cashierEndpoints.listDeposits, { pageNo }),
    queryFn: ({ signal }) => listDeposits(pageNo, signal),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (pageNo: number) => useQuery(depositsQueryOptions(pageNo));
