import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type HarmMarker, type KycReviewStatus, responsibleGamingEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const e = responsibleGamingEndpoints;

/** Identity documents submissions of one status, oldest pending first (decision 0102). */
export const useKycReviews = (status: KycReviewStatus) =>
  useQuery({
    queryKey: [e.adminKycQueue.name, status],
    queryFn: ({ signal }) => callEndpoint(e.adminKycQueue, { input: { status }, signal }),
  });

/** One submission with its documents; the server audits each look. */
export const useKycReview = (id: string | null) =>
  useQuery({
    queryKey: [e.adminKycReview.name, id],
    enabled: id !== null,
    queryFn: ({ signal }) => callEndpoint(e.adminKycReview, { params: { id: id ?? '' }, input: {}, signal }),
  });

export const useDecideKyc = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      callEndpoint(e.adminKycDecide, { params: { id }, input: { decision, ...(reason ? { reason } : {}) } }),
    onSuccess: () => {
      for (const name of [e.adminKycQueue.name, e.adminKycReview.name, adminEndpoints.listAudit.name]) {
        void queryClient.invalidateQueries({ queryKey: [name] });
      }
    },
  });
};

export const useKycThresholds = (code: string) =>
  useQuery({
    queryKey: [e.adminKycThresholds.name, code],
    enabled: code !== '',
    queryFn: ({ signal }) => callEndpoint(e.adminKycThresholds, { params: { code }, input: {}, signal }),
  });

export const useSetKycThresholds = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { unverifiedMax: string | null; basicMax: string | null }) =>
      callEndpoint(e.adminSetKycThresholds, { params: { code }, input }),
    onSuccess: (value) => queryClient.setQueryData([e.adminKycThresholds.name, code], value),
  });
};

/** The exclusion register across merchants (decision 0103); the server audits each search. */
export const useExclusionRegister = (q: string) =>
  useQuery({
    queryKey: [e.adminExclusionRegister.name, q],
    enabled: q.trim().length >= 3,
    queryFn: ({ signal }) => callEndpoint(e.adminExclusionRegister, { input: { q }, signal }),
  });

/** One merchant's markers of harm of one local day (decision 0109); the server audits each look. */
export const useHarmMarkers = (code: string, day: string, marker: HarmMarker | null) =>
  useQuery({
    queryKey: [e.adminHarmMarkers.name, code, day, marker],
    enabled: code !== '' && day !== '',
    queryFn: ({ signal }) =>
      callEndpoint(e.adminHarmMarkers, { params: { code }, input: { day, ...(marker ? { marker } : {}) }, signal }),
  });

/** Computes the day now (today so far, or a past day again), as the daily job does after the day. */
export const useComputeHarmMarkers = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => callEndpoint(e.adminComputeHarmMarkers, { params: { code }, input: { day } }),
    onSuccess: () => {
      for (const name of [e.adminHarmMarkers.name, adminEndpoints.listAudit.name]) {
        void queryClient.invalidateQueries({ queryKey: [name] });
      }
    },
  });
};
