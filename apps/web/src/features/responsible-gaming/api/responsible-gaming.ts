import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type KycStatus,
  type RgConfirmableKind,
  type RgPromptAnswer,
  type RgPromptName,
  type RgStatus,
  responsibleGamingEndpoints,
} from '@tessera/contracts';
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
  useStatusMutation((body: { kind: RgConfirmableKind; period: RgStatus['limits'][number]['period'] }) =>
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

export const useSetSessionLimit = () =>
  useStatusMutation((body: { period: RgStatus['sessionLimits'][number]['period']; minutes: number | null }) =>
    callEndpoint(responsibleGamingEndpoints.setSessionLimit, { body }),
  );

export const useSetRealityCheck = () =>
  useStatusMutation((body: { minutes: 15 | 30 | 45 | 60 | null }) =>
    callEndpoint(responsibleGamingEndpoints.setRealityCheck, { body }),
  );

/** The signed-in session as the server counts it (its time, the reality check due, the net position). */
export const rgSessionQueryKey = queryKeyOf(responsibleGamingEndpoints.session);

/** One beat: the server counts the session's time since its last counted moment and answers the session. */
export const sendHeartbeat = () => callEndpoint(responsibleGamingEndpoints.heartbeat, { body: {} });

export const useAnswerRealityCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: 'continue' | 'stop') =>
      callEndpoint(responsibleGamingEndpoints.answerRealityCheck, { body: { response } }),
    onSuccess: (session) => queryClient.setQueryData(rgSessionQueryKey, session),
  });
};

/** The member's identity tier, details, latest documents review and the withdrawal thresholds (decision 0102). */
export const kycQueryKey = queryKeyOf(responsibleGamingEndpoints.kyc);

export const useKyc = () =>
  useQuery({
    queryKey: kycQueryKey,
    queryFn: ({ signal }) => callEndpoint(responsibleGamingEndpoints.kyc, { signal }),
  });

const useKycMutation = <I>(send: (input: I) => Promise<KycStatus>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => queryClient.setQueryData(kycQueryKey, status),
  });
};

export const useSubmitKycBasic = () =>
  useKycMutation((body: { fullName: string; birthDate: string; address: string }) =>
    callEndpoint(responsibleGamingEndpoints.kycBasic, { body }),
  );

export const useSubmitKycDocuments = () =>
  useKycMutation((files: readonly File[]) =>
    callEndpoint(responsibleGamingEndpoints.kycDocuments, { body: {}, files }),
  );

/** The one-time prompts still due (decision 0107): the offer of limits, the information before the first wager. */
export const rgPromptsQueryKey = queryKeyOf(responsibleGamingEndpoints.prompts);

export const useRgPrompts = (isMember: boolean) =>
  useQuery({
    queryKey: rgPromptsQueryKey,
    queryFn: ({ signal }) => callEndpoint(responsibleGamingEndpoints.prompts, { signal }),
    enabled: isMember,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAnswerPrompt = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { prompt: RgPromptName; answer: RgPromptAnswer }) =>
      callEndpoint(responsibleGamingEndpoints.answerPrompt, { body }),
    onSuccess: (prompts) => queryClient.setQueryData(rgPromptsQueryKey, prompts),
  });
};
