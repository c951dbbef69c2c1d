import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentEndpoints, agentTeamEndpoints, type CreateDownlineInput, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type TeamBetsQuery = RequestOf<typeof agentTeamEndpoints.bets>;
export type TeamProfitQuery = RequestOf<typeof agentTeamEndpoints.profit>;
export type AgentIncomeQuery = RequestOf<typeof agentTeamEndpoints.income>;
export type TeamTransactionsQuery = RequestOf<typeof agentTeamEndpoints.transactions>;

/** A paged team endpoint's query hook: the page shown, the previous one kept while the next loads. */
const pagedQuery =
  <E extends (typeof agentTeamEndpoints)[keyof typeof agentTeamEndpoints]>(endpoint: E) =>
  (query: RequestOf<E>) =>
    useQuery({
      queryKey: queryKeyOf(endpoint, query),
      queryFn: ({ signal }) => callEndpoint(endpoint, { query, signal }),
      placeholderData: keepPreviousData,
    });

/** Team betting: the downline's rounds in a range. */
export const useTeamBets = pagedQuery(agentTeamEndpoints.bets);
/** User profit and loss: each downline member's figures over a range. */
export const useTeamProfit = pagedQuery(agentTeamEndpoints.profit);
/** My income: what the agent received in a range, by kind. */
export const useAgentIncome = pagedQuery(agentTeamEndpoints.income);
/** Account details: the downline's deposits, withdrawals, transfers and adjustments. */
export const useTeamTransactions = pagedQuery(agentTeamEndpoints.transactions);

/** Register centre: creates a downline account; the downline and overview read again. */
export const useCreateDownline = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDownlineInput) => callEndpoint(agentTeamEndpoints.createDownline, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(agentEndpoints.downline) });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(agentEndpoints.overview) });
    },
  });
};
