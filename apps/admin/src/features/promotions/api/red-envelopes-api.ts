import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminRedEnvelopesEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's red envelopes, newest first, with the shares claimed and the money paid. */
export const useRedEnvelopes = (code: string) =>
  useQuery({
    queryKey: [adminRedEnvelopesEndpoints.list.name, code],
    queryFn: ({ signal }) => callEndpoint(adminRedEnvelopesEndpoints.list, { params: { code }, input: {}, signal }),
  });

/** Creates an envelope (split at once from a fresh seed), or changes one when `id` is given; audited. */
export const useSaveRedEnvelope = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RequestOf<typeof adminRedEnvelopesEndpoints.create> }) =>
      id
        ? callEndpoint(adminRedEnvelopesEndpoints.update, { params: { code, id }, input })
        : callEndpoint(adminRedEnvelopesEndpoints.create, { params: { code }, input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminRedEnvelopesEndpoints.list.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
