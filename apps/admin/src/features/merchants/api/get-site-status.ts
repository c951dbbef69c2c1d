import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** What the member site answers this browser right now for the merchant: maintenance, region block, IP. */
export const getSiteStatus = (code: string, signal?: AbortSignal) =>
  callEndpoint(systemEndpoints.status, { input: {}, merchant: code, signal });

export const siteStatusQueryOptions = (code: string) =>
  queryOptions({ queryKey: [systemEndpoints.status.name, code], queryFn: ({ signal }) => getSiteStatus(code, signal) });

export const useSiteStatus = (code: string) => useQuery(siteStatusQueryOptions(code));
