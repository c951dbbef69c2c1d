import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const getMerchant = (code: string, signal?: AbortSignal) =>
  callEndpoint(adminEndpoints.getMerchant, { params: { code }, input: {}, signal });

export const merchantQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminEndpoints.getMerchant.name, code],
    queryFn: ({ signal }) => getMerchant(code, signal),
    // The editor holds a draft on top of the version it read; refetching under it would only confuse.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A merchant's settings and the version they were read at. */
export const useMerchant = (code: string) => useQuery({ ...merchantQueryOptions(code), enabled: Boolean(code) });
