import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { redEnvelopesEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';
import { bonusesKey } from './get-bonuses';

const redEnvelopeListKey = queryKeyOf(redEnvelopesEndpoints.list);

/** The merchant's red envelopes with the reader's state and share, read again on login and language changes. */
export const useRedEnvelopeList = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: [...redEnvelopeListKey, { isLogin, language }],
    queryFn: ({ signal }) => callEndpoint(redEnvelopesEndpoints.list, { signal }),
    enabled: language !== null,
    staleTime: 15_000,
  });
};

/** Claims a share: the list, the bonuses and the balance are read again whatever the answer. */
export const useClaimRedEnvelope = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envelopeId: string) => callEndpoint(redEnvelopesEndpoints.claim, { body: { envelopeId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redEnvelopeListKey }),
        queryClient.invalidateQueries({ queryKey: bonusesKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) }),
      ]),
  });
};

/** An ended envelope's revealed seed and shares, read when the member asks to check them. */
export const useRedEnvelopeDraw = (envelopeId: string | null) =>
  useQuery({
    queryKey: [...queryKeyOf(redEnvelopesEndpoints.draw), envelopeId],
    queryFn: ({ signal }) =>
      callEndpoint(redEnvelopesEndpoints.draw, { query: { envelopeId: envelopeId ?? '' }, signal }),
    enabled: envelopeId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
