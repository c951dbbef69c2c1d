import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminInhouseEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { inhouseLimitsQueryOptions } from './get-inhouse-limits';

/** Sets one or more games' limits; the answer is the merchant's whole table, kept as the cached one. */
export const useUpdateInhouseLimits = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminInhouseEndpoints.updateLimits>) =>
      callEndpoint(adminInhouseEndpoints.updateLimits, { params: { code }, input }),
    onSuccess: (limits) => {
      queryClient.setQueryData(inhouseLimitsQueryOptions(code).queryKey, limits);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
