import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminReferralEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { referralSettingsQueryOptions } from './get-referral-settings';

/** Sets the programme; the answer is the saved settings, kept as the cached ones. */
export const useUpdateReferralSettings = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminReferralEndpoints.updateSettings>) =>
      callEndpoint(adminReferralEndpoints.updateSettings, { params: { code }, input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(referralSettingsQueryOptions(code).queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
