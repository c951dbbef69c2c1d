import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminJackpotEndpoints, type JackpotSettingsInput } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const jackpotKey = (code: string) => [adminJackpotEndpoints.get.name, code];

/** The merchant's jackpot: settings, the pool's value and totals; read again when opened (the pool moves). */
export const useJackpot = (code: string) =>
  useQuery({
    refetchOnMount: 'always',
    queryKey: jackpotKey(code),
    queryFn: ({ signal }) => callEndpoint(adminJackpotEndpoints.get, { params: { code }, input: {}, signal }),
  });

/** The merchant's wins, newest first, each with its proof. */
export const useJackpotWins = (code: string) =>
  useQuery({
    refetchOnMount: 'always',
    queryKey: [adminJackpotEndpoints.wins.name, code],
    queryFn: ({ signal }) => callEndpoint(adminJackpotEndpoints.wins, { params: { code }, input: {}, signal }),
  });

/** Saves the settings (audited by the server); the answer is kept, the audit log read again. */
export const useSaveJackpot = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JackpotSettingsInput) =>
      callEndpoint(adminJackpotEndpoints.update, { params: { code }, input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(jackpotKey(code), saved);
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
