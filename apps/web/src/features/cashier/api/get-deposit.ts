import { queryOptions, useQuery } from '@tanstack/react-query';
import { cashierEndpoints, type DepositStatus } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** Orders still moving: the page asks again every few seconds until they settle. */
export const isDepositOpen = (status: DepositStatus): boolean => status === 'pending' || status === 'awaiting_review';

const POLL_MS = 3000;

export const getDeposit = (id: string, signal?: AbortSignal) =>
  callEndpoint(cashierEndpoints.getDeposit, { params: { id }, signal });

export const depositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf(cashierEndpoints.getDeposit, { id }),
    queryFn: ({ signal }) => getDeposit(id, signal),
    refetchInterval: (query) => (query.state.data && !isDepositOpen(query.state.data.status) ? false : POLL_MS),
  });

export const useDeposit = (id: string | null) => useQuery({ ...depositQueryOptions(id ?? ''), enabled: id !== null });
