import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminMembersEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { getMemberQueryOptions } from './get-member';

export type ResetMemberPasswordInput = RequestOf<typeof adminMembersEndpoints.resetMemberPassword>;

export const resetMemberPassword = ({ id, input }: { id: string; input: ResetMemberPasswordInput }) =>
  callEndpoint(adminMembersEndpoints.resetMemberPassword, { params: { id }, input });

/**
 * Sets a temporary password. The answer holds it in clear: `gcTime: 0` drops it from the mutation cache as soon
 * as the dialog showing it goes away, so it is shown once.
 */
export const useResetMemberPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetMemberPassword,
    gcTime: 0,
    onSuccess: (_value, { id }) => {
      void queryClient.invalidateQueries({ queryKey: getMemberQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [adminMembersEndpoints.listMembers.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
