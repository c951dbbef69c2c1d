import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { getMemberQueryOptions } from './get-member';

export type LockMemberInput = RequestOf<typeof adminEndpoints.lockMember>;

export const lockMember = ({ id, input }: { id: string; input: LockMemberInput }) =>
  callEndpoint(adminEndpoints.lockMember, { params: { id }, input });

/** Locks or unlocks a member; the member page and searches show the new state, the audit log the entry. */
export const useLockMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockMember,
    onSuccess: (member, { id }) => {
      queryClient.setQueryData(getMemberQueryOptions(id).queryKey, (current) =>
        current ? { ...current, member } : current,
      );
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listMembers.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
