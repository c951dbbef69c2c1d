import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RgStatus, responsibleGamingEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The member's limits, their use this period and any break or exclusion in force. */
export const responsibleGamingQueryKey = queryKeyOf(responsibleGamingEndpoints.status);

export const responsibleGamingQueryOptions = () =>
  queryOptions({
    queryKey: responsibleGamingQueryKey,
    queryFn: ({ signal }) => callEndpoint(responsibleGamingEndpoints.status, { signal }),
  });

export const useResponsibleGaming = () => useQuery(responsibleGamingQueryOptions());

/** Every change answers the new status, which replaces the cached one. */
const useStatusMutation = <I>(send: (input: I) => Promise<RgStatus>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => queryClient.setQueryData(responsibleGamingQueryKey, status),
  });
};

export const useSetLimit = () =>
  useStatusMutation(
    (body: {
      kind: RgStatus['limits'][number]['kind'];
      period: RgStatus['limits'][number]['period'];
      amount: string | null;
    }) => callEndpoint(responsibleGamingEndpoints.setLimit, { body }),
  );

export const useConfirmLimit = () =>
  useStatusMutation(
    (body: { kind: RgStatus['limits'][number]['kind']; period: RgStatus['limits'][number]['period'] }) =>
      callEndpoint(responsibleGamingEndpoints.confirmLimit, { body }),
  );

export type BlockInput =
  | { kind: 'break'; duration: '24h' | '7d' | '30d'; allMerchants: boolean; confirm: true }
  | {
      kind: 'self_exclusion';
      duration: '6m' | '12m' | '24m' | '60m' | 'permanent';
      allMerchants: boolean;
      confirm: true;
    };

export const useTakeBlock = () =>
  useStatusMutation((body: BlockInput) => callEndpoint(responsibleGamingEndpoints.block, { body }));
