import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRebateEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const rebateSettingsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminRebateEndpoints.getSettings.name, code],
    queryFn: ({ signal }) => callEndpoint(adminRebateEndpoints.getSettings, { params: { code }, input: {}, signal }),
  });

/** The merchant's manual rebate: a rate per game category, the minimum and maximum per collection. */
export const useRebateSettings = (code: string) => useQuery(rebateSettingsQueryOptions(code));
