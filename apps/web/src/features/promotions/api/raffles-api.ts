import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rafflesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

const raffleStatusKey = queryKeyOf(rafflesEndpoints.status);

/** The merchant's raffles with the reader's tickets, read again on login and language changes. */
export const useRaffleList = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: [...raffleStatusKey, { isLogin, language }],
    queryFn: ({ signal }) => callEndpoint(rafflesEndpoints.status, { signal }),
    enabled: language !== null,
    staleTime: 15_000,
  });
};

/** Joins a raffle: the list is read again whatever the answer. */
export const useJoinRaffle = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotionId: string) => callEndpoint(rafflesEndpoints.claim, { body: { promotionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: raffleStatusKey }),
  });
};
