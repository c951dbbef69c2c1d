import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentContractEndpoints,
  type Consolidated,
  type ContractAction,
  type ContractKind,
  type RequestOf,
} from '@tessera/contracts';
import { useEffect } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type StatementQuery = RequestOf<typeof agentContractEndpoints.statements>;

/** The contract flags (api-facts 10): a pending offer of each kind and each running contract kind. */
export const useConsolidated = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(agentContractEndpoints.consolidated),
    queryFn: ({ signal }) => callEndpoint(agentContractEndpoints.consolidated, { signal }),
    enabled,
  });

/** The pending offer of each kind (its id), from the consolidated call. */
export const pendingOffersOf = (flags: Consolidated): Record<ContractKind, string> => ({
  dividend: flags.divtypereq,
  daily: flags.dailysalreqtype,
  hourly: flags.contracthoursalreq,
  realtime: flags.realtimesalreqtype,
});

/** Which kinds run for the member (held or offered): they open the agent-centre record pages. */
export const runningKindsOf = (flags: Consolidated) => ({
  dividend: flags.divtypeinfo === '1',
  dailySalary: flags.dailysalinfotype === '1',
  hourlySalary: flags.contracthoursalinfo === '1',
  realtimeSalary: flags.realtimesalinfo === '1',
});

/** The member's contracts of a kind (held or offered) and the highest rate it may offer. */
export const useContracts = (kind: ContractKind, enabled = true) =>
  useQuery({
    queryKey: queryKeyOf(agentContractEndpoints[kind], { action: 'list' }),
    queryFn: () => callEndpoint(agentContractEndpoints[kind], { body: { action: 'list' } }),
    enabled,
  });

/** Offer, accept, reject, withdraw or terminate; the flags, lists and records are read again afterwards. */
export const useContractAction = (kind: ContractKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractAction) => callEndpoint(agentContractEndpoints[kind], { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(agentContractEndpoints.consolidated) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(agentContractEndpoints[kind], { action: 'list' }) }),
      ]),
  });
};

/** Drops the signed-in member's contract data (flags, lists, statements): a next member never sees it. */
export const useForgetContractsOnLogout = (isMember: boolean) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isMember) return;
    for (const endpoint of Object.values(agentContractEndpoints)) {
      queryClient.removeQueries({ queryKey: queryKeyOf(endpoint) });
    }
  }, [isMember, queryClient]);
};

/** Statements of one kind, on either side of the contract, newest first. */
export const useStatements = (query: StatementQuery) =>
  useQuery({
    queryKey: queryKeyOf(agentContractEndpoints.statements, query),
    queryFn: ({ signal }) => callEndpoint(agentContractEndpoints.statements, { query, signal }),
    placeholderData: keepPreviousData,
  });
