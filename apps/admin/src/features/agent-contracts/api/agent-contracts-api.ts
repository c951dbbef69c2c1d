import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAgentContractEndpoints,
  adminEndpoints,
  type ContractKind,
  type ContractSettings,
  type ContractStatus,
} from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const endpoints = adminAgentContractEndpoints;

/** The merchant's contracts, newest first, by kind, status and agent account (either side). */
export const useAgentContracts = (
  code: string,
  query: { kind?: ContractKind; status?: ContractStatus; account?: string; pageNo: number; pageSize: number },
) =>
  useQuery({
    queryKey: [endpoints.contracts.name, code, query],
    queryFn: ({ signal }) => callEndpoint(endpoints.contracts, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** One contract: terms, transitions, and its statements' chain checked. */
export const useAgentContract = (code: string, id: string) =>
  useQuery({
    queryKey: [endpoints.contract.name, code, id],
    queryFn: ({ signal }) => callEndpoint(endpoints.contract, { params: { code, id }, input: {}, signal }),
  });

/** A contract's settlement runs, newest period first. */
export const useAgentContractRuns = (code: string, query: { contractId: string; pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [endpoints.runs.name, code, query],
    queryFn: ({ signal }) => callEndpoint(endpoints.runs, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** A contract's statements, newest period first. */
export const useAgentContractStatements = (
  code: string,
  query: { contractId: string; pageNo: number; pageSize: number },
) =>
  useQuery({
    queryKey: [endpoints.statements.name, code, query],
    queryFn: ({ signal }) => callEndpoint(endpoints.statements, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** Runs a failed run again, or pays what its payer can now of an insufficient statement; audited by the server. */
export const useRerunAgentContractRun = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.rerun, { params: { code, id }, input: {} }),
    onSettled: () => {
      for (const endpoint of [endpoints.runs, endpoints.statements, endpoints.contract, adminEndpoints.listAudit]) {
        void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
      }
    },
  });
};

/** Who pays, the allowed kinds, the maximum rate per kind and the notice. */
export const useAgentContractSettings = (code: string) =>
  useQuery({
    queryKey: [endpoints.settings.name, code],
    queryFn: ({ signal }) => callEndpoint(endpoints.settings, { params: { code }, input: {}, signal }),
  });

/** Saves the settings; audited by the server. */
export const useSaveAgentContractSettings = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractSettings) => callEndpoint(endpoints.saveSettings, { params: { code }, input }),
    onSuccess: (saved) => {
      queryClient.setQueryData([endpoints.settings.name, code], saved);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
