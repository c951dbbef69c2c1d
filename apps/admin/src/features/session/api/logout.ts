import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { clearSessionToken } from '../../../shared/api/session-token';

export const logout = () => callEndpoint(adminEndpoints.logout, { input: {} });

/** Ends the session on the server; the local token and cache go whatever the answer. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSessionToken();
      queryClient.clear();
    },
  });
};
