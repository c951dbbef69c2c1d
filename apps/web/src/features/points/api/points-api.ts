import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pointEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/** Every points query starts with this key part, so a redemption or a conversion reads them all again. */
export const pointsQueryKey = ['points'] as const;

/** The merchant's rates, ratio and rules text (visitors too), in the reader's language. */
export const usePointConfig = () => {
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: [...pointsQueryKey, ...queryKeyOf(pointEndpoints.config, { language })],
    queryFn: ({ signal }) => callEndpoint(pointEndpoints.config, { signal }),
    enabled: language !== null,
  });
};

/** The member's current points. */
export const usePointBalance = (enabled: boolean) =>
  useQuery({
    queryKey: [...pointsQueryKey, ...queryKeyOf(pointEndpoints.balance)],
    queryFn: ({ signal }) => callEndpoint(pointEndpoints.balance, { signal }),
    enabled,
  });

/** The goods on offer, named in the reader's language. */
export const usePointItems = () => {
  const language = usePublicStore((state) => state.language);
  const isLogin = usePublicStore((state) => state.isLogin);
  return useQuery({
    queryKey: [...pointsQueryKey, ...queryKeyOf(pointEndpoints.items, { language, isLogin })],
    queryFn: ({ signal }) => callEndpoint(pointEndpoints.items, { signal }),
    enabled: language !== null,
  });
};

export const useRedeemHistory = (pageNo: number, enabled: boolean) =>
  useQuery({
    queryKey: [...pointsQueryKey, ...queryKeyOf(pointEndpoints.redemptions, { pageNo })],
    queryFn: ({ signal }) => callEndpoint(pointEndpoints.redemptions, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePointDetails = (pageNo: number, enabled: boolean) =>
  useQuery({
    queryKey: [...pointsQueryKey, ...queryKeyOf(pointEndpoints.details, { pageNo })],
    queryFn: ({ signal }) => callEndpoint(pointEndpoints.details, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Redeems goods, checked by the withdraw password (sealed). */
export const redeemPoints = (body: RequestOf<typeof pointEndpoints.redeem>) =>
  callEndpoint(pointEndpoints.redeem, { body });

/** Converts points to main-wallet cash, checked by the withdraw password (sealed). */
export const convertPoints = (body: RequestOf<typeof pointEndpoints.convert>) =>
  callEndpoint(pointEndpoints.convert, { body });

/** Buys points with main-wallet cash ("get points by cash"), checked by the withdraw password (sealed). */
export const buyPoints = (body: RequestOf<typeof pointEndpoints.buy>) => callEndpoint(pointEndpoints.buy, { body });
