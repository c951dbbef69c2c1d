import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminVipEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const vipLevelsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminVipEndpoints.listLevels.name, code],
    queryFn: ({ signal }) => callEndpoint(adminVipEndpoints.listLevels, { params: { code }, input: {}, signal }),
  });

/** The merchant's VIP levels, lowest first, with its currency and languages. */
export const useVipLevels = (code: string) => useQuery(vipLevelsQueryOptions(code));
