import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const listOperators = (signal?: AbortSignal) =>
  callEndpoint(adminEndpoints.listOperators, { input: {}, signal });

export const listOperatorsQueryOptions = () =>
  queryOptions({ queryKey: [adminEndpoints.listOperators.name], queryFn: ({ signal }) => listOperators(signal) });

export const useOperators = () => useQuery(listOperatorsQueryOptions());
