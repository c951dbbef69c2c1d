import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCannedReplyEndpoints, adminEndpoints, type CannedReply, type CannedReplyInput } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const cannedRepliesKey = (code: string) => [adminCannedReplyEndpoints.list.name, code];

/** The merchant's canned replies by shortcut: the page's list and the console's picker share it. */
export const useCannedReplies = (code: string) =>
  useQuery({
    queryKey: cannedRepliesKey(code),
    queryFn: ({ signal }) => callEndpoint(adminCannedReplyEndpoints.list, { params: { code }, input: {}, signal }),
    enabled: Boolean(code),
  });

/** Adds (no id), replaces or removes a canned reply (audited by the server); the list and the audit log are read again. */
export const useCannedReplyActions = (code: string) => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [cannedRepliesKey(code), [adminEndpoints.listAudit.name]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: string | null; input: CannedReplyInput }): Promise<CannedReply> =>
        id
          ? callEndpoint(adminCannedReplyEndpoints.update, { params: { code, id }, input })
          : callEndpoint(adminCannedReplyEndpoints.create, { params: { code }, input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(adminCannedReplyEndpoints.remove, { params: { code, id }, input: {} }),
      onSuccess: refresh,
    }),
  };
};
