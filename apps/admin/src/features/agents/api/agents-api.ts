import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgentApplicationStatus, adminAgentEndpoints, adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's affiliate applications, newest first, optionally by status. */
export const useAgentApplications = (
  code: string,
  query: { status?: AgentApplicationStatus; pageNo: number; pageSize: number },
) =>
  useQuery({
    queryKey: [adminAgentEndpoints.applications.name, code, query],
    queryFn: ({ signal }) => callEndpoint(adminAgentEndpoints.applications, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

/** One level of the merchant's agent tree (the tops without `parentId`), or a search by account. */
export const useAgentTree = (
  code: string,
  query: { parentId?: string; account?: string; pageNo: number; pageSize: number },
) =>
  useQuery({
    queryKey: [adminAgentEndpoints.tree.name, code, query],
    queryFn: ({ signal }) => callEndpoint(adminAgentEndpoints.tree, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

const useAfterChange = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [adminAgentEndpoints.applications.name] });
    void queryClient.invalidateQueries({ queryKey: [adminAgentEndpoints.tree.name] });
    void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
  };
};

/** Approves (with an agent type) or rejects (with a reason) a pending application; audited by the server. */
export const useDecideApplication = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequestOf<typeof adminAgentEndpoints.decide> }) =>
      callEndpoint(adminAgentEndpoints.decide, { params: { code, id }, input }),
    onSuccess: afterChange,
  });
};

/** Moves a member and its downline under another agent; audited by the server. */
export const useMoveBranch = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ memberId, newParentId }: { memberId: string; newParentId: string }) =>
      callEndpoint(adminAgentEndpoints.move, { params: { code, memberId }, input: { newParentId } }),
    onSuccess: afterChange,
  });
};

/** Makes a member an agent of a type, changes an agent's type, or (0) demotes it; audited by the server. */
export const useSetAgentType = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ memberId, agentType }: { memberId: string; agentType: number }) =>
      callEndpoint(adminAgentEndpoints.setType, { params: { code, memberId }, input: { agentType } }),
    onSuccess: afterChange,
  });
};

/** Finds a member of the merchant's tree by its exact account (for the move's target). */
export const findNodeByAccount = async (code: string, account: string) => {
  const page = await callEndpoint(adminAgentEndpoints.tree, {
    params: { code },
    input: { account, pageNo: 1, pageSize: 50 },
  });
  return page.list.find((node) => node.account.toLowerCase() === account.trim().toLowerCase()) ?? null;
};
