import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminMembersEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { getMemberQueryOptions } from './get-member';

export type LockMemberInput = RequestOf<typeof adminMembersEndpoints.lockMember>;

export const lockMember = ({ id, input }: { id: string; input: LockMemberInput }) =>
  callEndpoint(adminMembersEndpoints.lockMember, { params: { id }, input });

/** Locks or unlocks a member; the member page and searches show the new state, the audit log the entry. */
export const useLockMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockMember,
    onSuccess: (member, { id }) => {
      queryClient.setQueryData(getMemberQueryOptions(id).queryKey, (current) =>
        current ? { ...current, member } : current,
      );
      void queryClient.invalidateQueries({ queryKey: [adminMembersEndpoints.listMembers.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
