import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminInhouseEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const inhouseLimitsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminInhouseEndpoints.getLimits.name, code],
    queryFn: ({ signal }) => callEndpoint(adminInhouseEndpoints.getLimits, { params: { code }, input: {}, signal }),
  });

/** Every in-house game's stake limits and maximum payout for the merchant, in its currency. */
export const useInhouseLimits = (code: string) => useQuery(inhouseLimitsQueryOptions(code));
