import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MemberPromotion, promotionsEndpoints, type RequestOf, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';
import { bonusesKey } from './get-bonuses';

const promotionListKey = queryKeyOf(promotionsEndpoints.list);

/**
 * The merchant's promotions with the reader's activity state, in the reader's language (the Language header), read
 * again when the login state or the language changes.
 */
export const usePromotionList = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: [...promotionListKey, { isLogin, language }],
    queryFn: ({ signal }) => callEndpoint(promotionsEndpoints.list, { signal }),
    enabled: language !== null,
    staleTime: 30_000,
  });
};

/**
 * Joins, claims or applies: the answer is the promotion as the member now sees it, put in the list at once; the
 * list, the bonuses and the balance are read again whatever the answer.
 */
const useTakePart = <V>(send: (variables: V) => Promise<MemberPromotion>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionListKey }),
        queryClient.invalidateQueries({ queryKey: bonusesKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) }),
      ]),
  });
};

export const useJoinPromotion = () =>
  useTakePart((promotionId: string) => callEndpoint(promotionsEndpoints.join, { body: { promotionId } }));

export const useClaimPromotion = () =>
  useTakePart((promotionId: string) => callEndpoint(promotionsEndpoints.claim, { body: { promotionId } }));

/** Sends an application: the remark and up to 3 images (multipart). */
export const useApplyPromotion = () =>
  useTakePart(({ body, images }: { body: RequestOf<typeof promotionsEndpoints.apply>; images: File[] }) =>
    callEndpoint(promotionsEndpoints.apply, { body, files: images }),
  );

/** Links the member's chat-app handle for a chat-app reward (decision 0151). */
export const useLinkChatApp = () =>
  useTakePart((body: RequestOf<typeof promotionsEndpoints.linkChatApp>) =>
    callEndpoint(promotionsEndpoints.linkChatApp, { body }),
  );

/** Withdraws the member's application that waits for review, by its ticket (`MCSFE_cancelTicket`). */
export const useCancelTicket = () =>
  useTakePart((ticketId: string) => callEndpoint(promotionsEndpoints.cancelTicket, { body: { ticketId } }));
