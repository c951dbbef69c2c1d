import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getReferralSummary = (signal?: AbortSignal) => callEndpoint(referralEndpoints.summary, { signal });

export const referralSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(referralEndpoints.summary),
    queryFn: ({ signal }) => getReferralSummary(signal),
  });

/** The member's referral code, the programme's terms and totals (reading it grants what friends earned). */
export const useReferralSummary = () => useQuery(referralSummaryQueryOptions());
