import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPointItem,
  adminEndpoints,
  adminMembersEndpoints,
  adminPointEndpoints,
  type PointItemInput,
  type PointRedeemStatus,
  type PointRulesInput,
} from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** Every back-office points query starts with its endpoint's name; a change reads the audit log again too. */
const useInvalidate = () => {
  const queryClient = useQueryClient();
  return (...names: string[]) => {
    for (const name of [...names, adminEndpoints.listAudit.name]) {
      void queryClient.invalidateQueries({ queryKey: [name] });
    }
  };
};

/** The merchant's earning rates, convert and buy ratios, rules text and languages. */
export const usePointRules = (code: string) =>
  useQuery({
    queryKey: [adminPointEndpoints.rules.name, code],
    queryFn: ({ signal }) => callEndpoint(adminPointEndpoints.rules, { params: { code }, input: {}, signal }),
  });

export const useUpdatePointRules = (code: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PointRulesInput) => callEndpoint(adminPointEndpoints.updateRules, { params: { code }, input }),
    onSuccess: () => invalidate(adminPointEndpoints.rules.name),
  });
};

/** The points mall's goods, newest first. */
export const usePointItems = (code: string) =>
  useQuery({
    queryKey: [adminPointEndpoints.items.name, code],
    queryFn: ({ signal }) => callEndpoint(adminPointEndpoints.items, { params: { code }, input: {}, signal }),
  });

/** Adds goods (no id) or replaces them (audited by the server). */
export const useSavePointItem = (code: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PointItemInput }): Promise<AdminPointItem> =>
      id
        ? callEndpoint(adminPointEndpoints.updateItem, { params: { code, id }, input })
        : callEndpoint(adminPointEndpoints.createItem, { params: { code }, input }),
    onSuccess: () => invalidate(adminPointEndpoints.items.name),
  });
};

/** Uploads a goods picture; the server checks its bytes and re-encodes it (audited). */
export const useUploadPointImage = (code: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (dataBase64: string) =>
      callEndpoint(adminPointEndpoints.uploadImage, { params: { code }, input: { dataBase64 } }),
    onSuccess: () => invalidate(),
  });
};

/**
 * The redemption queue: in process first (oldest first), then decided ones. Members redeem while the operator
 * works, so the queue is read again each time it is opened and every 15 s while it is shown.
 */
export const usePointRedemptions = (code: string, query: { status: PointRedeemStatus | undefined; pageNo: number }) =>
  useQuery({
    refetchOnMount: 'always',
    refetchInterval: 15_000,
    queryKey: [adminPointEndpoints.redemptions.name, code, query],
    queryFn: ({ signal }) =>
      callEndpoint(adminPointEndpoints.redemptions, {
        params: { code },
        input: { pageNo: query.pageNo, ...(query.status ? { status: query.status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Approves with a fulfilment note or rejects with a reason (points, cash and stock come back once). */
export const useDecidePointRedemption = (code: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, approve, remark }: { id: string; approve: boolean; remark: string }) =>
      callEndpoint(adminPointEndpoints.decideRedemption, { params: { code, id }, input: { approve, remark } }),
    onSettled: () => invalidate(adminPointEndpoints.redemptions.name, adminPointEndpoints.memberPoints.name),
  });
};

/** A member's points and its ledger, newest first. */
export const useMemberPoints = (code: string, memberId: string | null, pageNo: number) =>
  useQuery({
    queryKey: [adminPointEndpoints.memberPoints.name, code, memberId, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminPointEndpoints.memberPoints, {
        params: { code, memberId: memberId ?? '' },
        input: { pageNo },
        signal,
      }),
    enabled: memberId !== null,
    placeholderData: keepPreviousData,
  });

/** Adds or deducts a member's points with a reason (audited); a retry with the same request id applies once. */
export const useAdjustMemberPoints = (code: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      memberId,
      input,
    }: {
      memberId: string;
      input: { requestId: string; points: string; reason: string };
    }) => callEndpoint(adminPointEndpoints.adjust, { params: { code, memberId }, input }),
    onSuccess: () => invalidate(adminPointEndpoints.memberPoints.name),
  });
};

/** Members found by a username fragment (at least 2 characters), in the operator's scope. */
export const useFindMembers = (q: string) =>
  useQuery({
    queryKey: [adminMembersEndpoints.listMembers.name, q],
    queryFn: ({ signal }) => callEndpoint(adminMembersEndpoints.listMembers, { input: { q }, signal }),
    enabled: q.trim().length >= 2,
  });
