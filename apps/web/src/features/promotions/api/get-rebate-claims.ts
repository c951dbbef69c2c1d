import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestOf, rebateEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type RebateClaimsQuery = RequestOf<typeof rebateEndpoints.claims>;

export const getRebateClaims = (query: RebateClaimsQuery, signal?: AbortSignal) =>
  callEndpoint(rebateEndpoints.claims, { query, signal });

/** Every page of the member's past collections: invalidated together after a collection. */
export const rebateClaimsQueryKey = queryKeyOf(rebateEndpoints.claims);

export const rebateClaimsQueryOptions = (query: RebateClaimsQuery) =>
  queryOptions({
    queryKey: queryKeyOf(rebateEndpoints.claims, query),
    queryFn: ({ signal }) => getRebateClaims(query, signal),
    placeholderData: keepPreviousData,
  });

export const useRebateClaims = (query: RebateClaimsQuery) => useQuery(rebateClaimsQueryOptions(query));
