import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type MerchantSettings, systemEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { merchantQueryOptions } from './get-merchant';
import { listMerchantsQueryOptions } from './list-merchants';

export interface UpdateMerchantInput {
  code: string;
  /** The version the settings were read at; a newer one on the server answers `conflict`. */
  version: number;
  settings: MerchantSettings;
}

export const updateMerchant = ({ code, version, settings }: UpdateMerchantInput) =>
  callEndpoint(adminEndpoints.updateMerchant, { params: { code }, input: { version, settings } });

/** Replaces a merchant's settings; the answer (new version) goes straight into the cache. */
export const useUpdateMerchant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMerchant,
    onSuccess: (detail) => {
      queryClient.setQueryData(merchantQueryOptions(detail.code).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: listMerchantsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
      void queryClient.invalidateQueries({ queryKey: [systemEndpoints.status.name, detail.code] });
    },
  });
};
