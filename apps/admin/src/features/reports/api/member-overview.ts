import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMembersEndpoints, adminReportsEndpoints, type MemberFlagKind } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const overviewKey = (id: string) => [adminReportsEndpoints.memberOverview.name, id];

/** A member's 360 view (the server leaves out what the operator's role may not see). */
export const useMemberOverview = (id: string) =>
  useQuery({
    queryKey: overviewKey(id),
    queryFn: ({ signal }) => callEndpoint(adminReportsEndpoints.memberOverview, { params: { id }, input: {}, signal }),
  });

/** Adds an operator's note; the view reads again. */
export const useAddMemberNote = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      callEndpoint(adminMembersEndpoints.addMemberNote, { params: { id }, input: { body } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: overviewKey(id) }),
  });
};

/** Sets or clears a flag with a reason; the view reads again. */
export const useSetMemberFlag = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { flag: MemberFlagKind; on: boolean; reason: string }) =>
      callEndpoint(adminMembersEndpoints.setMemberFlag, { params: { id }, input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: overviewKey(id) }),
  });
};
