import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const listMerchants = (signal?: AbortSignal) =>
  callEndpoint(adminEndpoints.listMerchants, { input: {}, signal });

export const listMerchantsQueryOptions = () =>
  queryOptions({ queryKey: [adminEndpoints.listMerchants.name], queryFn: ({ signal }) => listMerchants(signal) });

/** The merchants the signed-in operator may see. */
export const useMerchants = () => useQuery(listMerchantsQueryOptions());
