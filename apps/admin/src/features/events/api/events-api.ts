import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminEventsEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's dead letters: events a subscriber failed to handle on every attempt, newest first. */
export const useDeadLetters = (code: string, query: { pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [adminEventsEndpoints.listDeadLetters.name, code, query],
    queryFn: ({ signal }) =>
      callEndpoint(adminEventsEndpoints.listDeadLetters, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** Sends one dead letter again (its attempts start over); audited by the server. */
export const useRetryDeadLetter = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriber: string; eventId: string }) =>
      callEndpoint(adminEventsEndpoints.retryDeadLetter, { params: { code }, input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminEventsEndpoints.listDeadLetters.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
