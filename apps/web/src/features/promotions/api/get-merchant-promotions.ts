import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getMerchantPromotions = (signal?: AbortSignal) =>
  callEndpoint(referralEndpoints.merchantPromotions, { moduleId: 'REFERRAL3', signal });

export const merchantPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(referralEndpoints.merchantPromotions),
    queryFn: ({ signal }) => getMerchantPromotions(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Public state `availablePromo.REFERRAL.enabled` (spec section 3). Asked for only when `isAsked` (a member is logged
 * in on a merchant with REFERRAL3): a visitor is shown the referral entry without it, so its first load asks
 * nothing. Unknown while it loads or when it cannot be read: false.
 */
export const useIsReferralPromoEnabled = (isAsked: boolean): boolean =>
  useQuery({ ...merchantPromotionsQueryOptions(), enabled: isAsked }).data?.REFERRAL.enabled ?? false;
