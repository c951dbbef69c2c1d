import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const getMe = (signal?: AbortSignal) => callEndpoint(adminEndpoints.me, { input: {}, signal });

export const meQueryOptions = () =>
  queryOptions({ queryKey: [adminEndpoints.me.name], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

/** The signed-in operator. */
export const useMe = (isEnabled = true) => useQuery({ ...meQueryOptions(), enabled: isEnabled });
