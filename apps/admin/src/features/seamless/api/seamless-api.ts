import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminSeamlessEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's members' debts from seamless resettlements (decision 0117), newest first. */
export const useSeamlessDebts = (code: string, query: { status: 'open' | 'all'; pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [adminSeamlessEndpoints.listDebts.name, code, query],
    queryFn: ({ signal }) => callEndpoint(adminSeamlessEndpoints.listDebts, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** The merchant's provider rounds (decision 0127): open ones oldest first, or every round newest first. */
export const useSeamlessRounds = (
  code: string,
  query: { status: 'open' | 'all'; olderThanHours: number; provider?: string; pageNo: number; pageSize: number },
) =>
  useQuery({
    queryKey: [adminSeamlessEndpoints.listRounds.name, code, query],
    queryFn: ({ signal }) =>
      callEndpoint(adminSeamlessEndpoints.listRounds, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** One provider round with every call in it and the debts it left. */
export const useSeamlessRound = (code: string, provider: string, roundId: string) =>
  useQuery({
    queryKey: [adminSeamlessEndpoints.getRound.name, code, provider, roundId],
    queryFn: ({ signal }) =>
      callEndpoint(adminSeamlessEndpoints.getRound, { params: { code, provider, roundId }, input: {}, signal }),
  });

/** The registered providers with the round timeout the merchant's rounds close by (decision 0128). */
export const useSeamlessProviders = (code: string) =>
  useQuery({
    queryKey: [adminSeamlessEndpoints.listProviders.name, code],
    queryFn: ({ signal }) =>
      callEndpoint(adminSeamlessEndpoints.listProviders, { params: { code }, input: {}, signal }),
  });

/** Sets a provider's round timeout for the merchant (null: the provider's default); the list is read again. */
export const useUpdateSeamlessProvider = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, roundTimeoutHours }: { provider: string; roundTimeoutHours: number | null }) =>
      callEndpoint(adminSeamlessEndpoints.updateProvider, { params: { code, provider }, input: { roundTimeoutHours } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminSeamlessEndpoints.listProviders.name, code] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
