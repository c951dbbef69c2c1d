import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminSocialSignInEndpoints, type SocialSignInProviderRequest } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const providersKey = (code: string) => [adminSocialSignInEndpoints.providers.name, code];

/** The merchant's OpenID Connect providers (client secrets only as set or not). */
export const useSocialSignInProviders = (code: string) =>
  useQuery({
    queryKey: providersKey(code),
    queryFn: ({ signal }) =>
      callEndpoint(adminSocialSignInEndpoints.providers, { params: { code }, input: {}, signal }),
  });

/** Adds a provider (id null) or changes one; the list and the audit log are read again. */
export const useSaveSocialSignInProvider = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SocialSignInProviderRequest }) =>
      id
        ? callEndpoint(adminSocialSignInEndpoints.update, { params: { code, id }, input })
        : callEndpoint(adminSocialSignInEndpoints.create, { params: { code }, input }),
    onSuccess: () => {
      for (const key of [providersKey(code), [adminEndpoints.listAudit.name]]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
};
