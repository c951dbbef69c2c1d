import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminMessagesEndpoints, type Broadcast, type BroadcastInput } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const broadcastsKey = (code: string) => [adminMessagesEndpoints.list.name, code];

/** The merchant's messages to members, newest first. */
export const useBroadcasts = (code: string) =>
  useQuery({
    queryKey: broadcastsKey(code),
    queryFn: ({ signal }) => callEndpoint(adminMessagesEndpoints.list, { params: { code }, input: {}, signal }),
    enabled: Boolean(code),
  });

/** Sends or schedules a message, or cancels a scheduled one (audited by the server); the list is read again. */
export const useBroadcastActions = (code: string) => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [broadcastsKey(code), [adminEndpoints.listAudit.name]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return {
    send: useMutation({
      mutationFn: (input: BroadcastInput): Promise<Broadcast> =>
        callEndpoint(adminMessagesEndpoints.create, { params: { code }, input }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (id: string): Promise<Broadcast> =>
        callEndpoint(adminMessagesEndpoints.cancel, { params: { code, id }, input: {} }),
      onSuccess: refresh,
    }),
  };
};
