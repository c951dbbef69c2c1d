import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminRafflesEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's raffles, newest first, with entries, tickets and the prizes paid. */
export const useRaffles = (code: string) =>
  useQuery({
    queryKey: [adminRafflesEndpoints.list.name, code],
    queryFn: ({ signal }) => callEndpoint(adminRafflesEndpoints.list, { params: { code }, input: {}, signal }),
  });

/** Creates a raffle (committed at once to a fresh seed whose hash is published); audited. */
export const useCreateRaffle = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminRafflesEndpoints.create>) =>
      callEndpoint(adminRafflesEndpoints.create, { params: { code }, input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminRafflesEndpoints.list.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
