import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCashierEndpoints,
  type DepositStatus,
  type MemberTransactionType,
  type WithdrawalAction,
  type WithdrawalStatus,
} from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The withdrawal queue of a merchant, filtered by status. */
export const useWithdrawals = (code: string, status: WithdrawalStatus | undefined, pageNo: number) =>
  useQuery({
    queryKey: [adminCashierEndpoints.listWithdrawals.name, code, status, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminCashierEndpoints.listWithdrawals, {
        params: { code },
        input: { pageNo, pageSize: 20, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(code),
  });

export const useWithdrawal = (code: string, id: string | null) =>
  useQuery({
    queryKey: [adminCashierEndpoints.getWithdrawal.name, code, id],
    queryFn: ({ signal }) =>
      callEndpoint(adminCashierEndpoints.getWithdrawal, { params: { code, id: id ?? '' }, input: {}, signal }),
    enabled: Boolean(code && id),
  });

/** Orders that carry a member's proof images: a withdrawal's confirmation, a bank-transfer deposit. */
export type ProofOrderKind = 'withdrawal' | 'deposit';

/** One proof image of an order, read once (a stored proof never changes). */
export const useProofImage = (kind: ProofOrderKind, code: string, id: string, proofId: string) =>
  useQuery({
    queryKey: ['admin.proof', kind, code, id, proofId],
    queryFn: ({ signal }) =>
      kind === 'deposit'
        ? callEndpoint(adminCashierEndpoints.depositProof, { params: { code, id, proofId }, input: {}, signal })
        : callEndpoint(adminCashierEndpoints.withdrawalProof, { params: { code, id, proofId }, input: {}, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Approve, disburse or reject; the queue and the detail are read again afterwards. */
export const useDecideWithdrawal = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: WithdrawalAction; reason?: string }) =>
      callEndpoint(adminCashierEndpoints.decideWithdrawal, {
        params: { code, id: input.id },
        input: { action: input.action, ...(input.reason ? { reason: input.reason } : {}) },
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [adminCashierEndpoints.listWithdrawals.name] });
      void client.invalidateQueries({ queryKey: [adminCashierEndpoints.getWithdrawal.name] });
    },
  });
};

export const useDeposits = (code: string, status: DepositStatus | undefined, pageNo: number) =>
  useQuery({
    queryKey: [adminCashierEndpoints.listDeposits.name, code, status, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminCashierEndpoints.listDeposits, {
        params: { code },
        input: { pageNo, pageSize: 20, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(code),
  });

export const useDecideDeposit = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; approve: boolean; reason?: string }) =>
      callEndpoint(adminCashierEndpoints.decideDeposit, {
        params: { code, id: input.id },
        input: { approve: input.approve, ...(input.reason ? { reason: input.reason } : {}) },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: [adminCashierEndpoints.listDeposits.name] }),
  });
};

export const useMemberWallet = (
  code: string,
  memberId: string,
  type: MemberTransactionType | undefined,
  pageNo: number,
) =>
  useQuery({
    queryKey: [adminCashierEndpoints.memberWallet.name, code, memberId, type, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminCashierEndpoints.memberWallet, {
        params: { code, memberId },
        input: { pageNo, pageSize: 20, ...(type ? { type } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdjustBalance = (code: string, memberId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: string; direction: 'credit' | 'debit'; amount: string; reason: string }) =>
      callEndpoint(adminCashierEndpoints.adjustBalance, { params: { code, memberId }, input }),
    onSettled: () => void client.invalidateQueries({ queryKey: [adminCashierEndpoints.memberWallet.name] }),
  });
};

export const useCashReport = (code: string, from: string, to: string) =>
  useQuery({
    queryKey: [adminCashierEndpoints.cashReport.name, code, from, to],
    queryFn: ({ signal }) =>
      callEndpoint(adminCashierEndpoints.cashReport, { params: { code }, input: { from, to }, signal }),
    enabled: Boolean(code && from && to && from <= to),
  });
