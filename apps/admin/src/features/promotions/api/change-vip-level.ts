import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminVipLevels, adminEndpoints, adminVipEndpoints, type VipLevelInput } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { vipLevelsQueryOptions } from './get-vip-levels';

/** A change to the levels answers the whole ladder, kept as the cached one; the audit log has a new row. */
const useLevelsChange = <Input>(code: string, change: (input: Input) => Promise<AdminVipLevels>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (levels) => {
      queryClient.setQueryData(vipLevelsQueryOptions(code).queryKey, levels);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};

/** Adds a level above the highest. */
export const useCreateVipLevel = (code: string) =>
  useLevelsChange(code, (input: VipLevelInput) =>
    callEndpoint(adminVipEndpoints.createLevel, { params: { code }, input }),
  );

export const useUpdateVipLevel = (code: string) =>
  useLevelsChange(code, ({ rankLevel, input }: { rankLevel: number; input: VipLevelInput }) =>
    callEndpoint(adminVipEndpoints.updateLevel, { params: { code, rankLevel }, input }),
  );

/** Removes the highest level. */
export const useRemoveVipLevel = (code: string) =>
  useLevelsChange(code, (rankLevel: number) =>
    callEndpoint(adminVipEndpoints.removeLevel, { params: { code, rankLevel }, input: {} }),
  );
