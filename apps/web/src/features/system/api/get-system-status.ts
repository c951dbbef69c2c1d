import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { pageAnswerNames, systemEndpoints } from '@tessera/contracts';
import { callEndpointOrPageAnswer } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/**
 * Site start (spec section 4, api-facts 4): permissions and configuration. Sent without a Merchant header so
 * that the server resolves the merchant from the address the visitor opened. The first time, the answer the
 * server wrote into the page is read instead (checked the same way), saving a round trip before anything shows.
 */
export const getSystemStatus = (signal?: AbortSignal) =>
  callEndpointOrPageAnswer(pageAnswerNames.status, systemEndpoints.status, { sendMerchant: false, signal });

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(systemEndpoints.status),
    queryFn: ({ signal }) => getSystemStatus(signal),
    // Loaded once per visit; the retry button of the network page refetches it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const useSystemStatusQuery = () => useQuery(systemStatusQueryOptions());

/** The site configuration once the site has started (the shell renders only after it loaded). */
export const useSiteConfig = () => useSuspenseQuery(systemStatusQueryOptions()).data;
