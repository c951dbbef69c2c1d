import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { storeSessionToken } from '../../../shared/api/session-token';
import { meQueryOptions } from './get-me';

export type LoginInput = RequestOf<typeof adminEndpoints.login>;

export const login = (input: LoginInput) => callEndpoint(adminEndpoints.login, { input });

/** Signs in; the token goes to sessionStorage and the operator into the `me` cache. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, operator }) => {
      queryClient.clear();
      storeSessionToken(token);
      queryClient.setQueryData(meQueryOptions().queryKey, operator);
    },
  });
};
