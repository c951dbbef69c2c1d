import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminReferralEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const referralSettingsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminReferralEndpoints.getSettings.name, code],
    queryFn: ({ signal }) => callEndpoint(adminReferralEndpoints.getSettings, { params: { code }, input: {}, signal }),
  });

/** The merchant's referral programme, in its currency. */
export const useReferralSettings = (code: string) => useQuery(referralSettingsQueryOptions(code));
