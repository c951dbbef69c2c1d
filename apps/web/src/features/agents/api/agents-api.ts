import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgentApplicationInput, agentEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type TeamRangeQuery = RequestOf<typeof agentEndpoints.overview>;
export type DownlineQuery = RequestOf<typeof agentEndpoints.downline>;
export type TeamReportQuery = RequestOf<typeof agentEndpoints.report>;

/** The team overview over a range (agentTeamOverview). */
export const useTeamOverview = (query: TeamRangeQuery) =>
  useQuery({
    queryKey: queryKeyOf(agentEndpoints.overview, query),
    queryFn: ({ signal }) => callEndpoint(agentEndpoints.overview, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The downline's figures per day over a range. */
export const useTeamReport = (query: TeamReportQuery) =>
  useQuery({
    queryKey: queryKeyOf(agentEndpoints.report, query),
    queryFn: ({ signal }) => callEndpoint(agentEndpoints.report, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One level of the downline (or a search of it by account). */
export const useDownline = (query: DownlineQuery) =>
  useQuery({
    queryKey: queryKeyOf(agentEndpoints.downline, query),
    queryFn: ({ signal }) => callEndpoint(agentEndpoints.downline, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The agent's affiliate code for its registration link. */
export const useAgentLink = () =>
  useQuery({
    queryKey: queryKeyOf(agentEndpoints.link),
    queryFn: ({ signal }) => callEndpoint(agentEndpoints.link, { signal }),
  });

/** Whether the member is an agent, and its latest affiliate application. */
export const useMyAgentApplication = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(agentEndpoints.myApplication),
    queryFn: ({ signal }) => callEndpoint(agentEndpoints.myApplication, { signal }),
    enabled,
  });

export const useApplyAsAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentApplicationInput) => callEndpoint(agentEndpoints.apply, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(agentEndpoints.myApplication) }),
  });
};
