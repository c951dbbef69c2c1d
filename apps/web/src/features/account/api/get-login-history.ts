import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The security centre lists the member's 20 most recent logins. */
const PAGE_SIZE = 20;

export const getLoginHistory = (signal?: AbortSignal) =>
  callEndpoint(accountEndpoints.loginHistory, { query: { pageSize: PAGE_SIZE }, signal });

export const loginHistoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(accountEndpoints.loginHistory, { pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => getLoginHistory(signal),
  });

export const useLoginHistory = () => useQuery(loginHistoryQueryOptions());
