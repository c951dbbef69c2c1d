import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../api/call-endpoint';
import { queryKeyOf } from '../api/query-key';

export const getCountries = (signal?: AbortSignal) => callEndpoint(accountEndpoints.countries, { signal });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(accountEndpoints.countries),
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Countries and dialing codes for phone inputs, the merchant's own country first. */
export const useCountries = () => useQuery(countriesQueryOptions());
