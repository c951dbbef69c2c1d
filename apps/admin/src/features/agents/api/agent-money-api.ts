import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAgentEndpoints, adminAgentMoneyEndpoints, adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const settingsKey = (code: string) => [adminAgentMoneyEndpoints.settings.name, code] as const;

/** The merchant's agent settings (defaults until saved). */
export const useAgentSettings = (code: string) =>
  useQuery({
    queryKey: settingsKey(code),
    queryFn: ({ signal }) => callEndpoint(adminAgentMoneyEndpoints.settings, { params: { code }, input: {}, signal }),
  });

/** Saves the agent settings; the answer is kept as the cached settings. Audited by the server. */
export const useSaveAgentSettings = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminAgentMoneyEndpoints.saveSettings>) =>
      callEndpoint(adminAgentMoneyEndpoints.saveSettings, { params: { code }, input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(code), settings);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};

/** Freezes or unfreezes an agent with a reason; audited by the server. */
export const useFreezeAgent = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, input }: { memberId: string; input: RequestOf<typeof adminAgentMoneyEndpoints.freeze> }) =>
      callEndpoint(adminAgentMoneyEndpoints.freeze, { params: { code, memberId }, input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminAgentEndpoints.tree.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};

/** An agent's rates and the most each may be (decision 0099). */
export const useAgentRates = (code: string, memberId: string) =>
  useQuery({
    queryKey: [adminAgentMoneyEndpoints.rates.name, code, memberId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(adminAgentMoneyEndpoints.rates, { params: { code, memberId }, input: {}, signal }),
  });

/** Sets an agent's rates (its downline's above them are lowered); audited by the server. */
export const useSetAgentRates = (code: string, memberId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof adminAgentMoneyEndpoints.setRates>) =>
      callEndpoint(adminAgentMoneyEndpoints.setRates, { params: { code, memberId }, input }),
    onSuccess: (answer) => {
      queryClient.setQueryData([adminAgentMoneyEndpoints.rates.name, code, memberId], answer);
      // Agents below may have been lowered.
      void queryClient.invalidateQueries({ queryKey: [adminAgentMoneyEndpoints.rates.name, code] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
