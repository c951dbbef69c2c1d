import { queryOptions, useQuery } from '@tanstack/react-query';
import { rebateEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** What collecting now would pay, per game category (MCSFE_getCustomerRebateSettingByProductType). */
export const getRebateOverview = (signal?: AbortSignal) => callEndpoint(rebateEndpoints.overview, { signal });

export const rebateOverviewQueryKey = queryKeyOf(rebateEndpoints.overview);

export const rebateOverviewQueryOptions = () =>
  queryOptions({ queryKey: rebateOverviewQueryKey, queryFn: ({ signal }) => getRebateOverview(signal) });

export const useRebateOverview = () => useQuery(rebateOverviewQueryOptions());
