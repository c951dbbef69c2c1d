import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminRebateEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { rebateSettingsQueryOptions } from './get-rebate-settings';

/** Replaces the merchant's rebate settings; the answer is kept as the cached settings. */
export const useUpdateRebateSettings = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminRebateEndpoints.updateSettings>) =>
      callEndpoint(adminRebateEndpoints.updateSettings, { params: { code }, input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(rebateSettingsQueryOptions(code).queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
