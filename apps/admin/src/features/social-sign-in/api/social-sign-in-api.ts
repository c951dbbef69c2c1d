import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  adminSocialSignInEndpoints,
  type SocialSignInProviderRequest,
  type SocialSignInTelegramRequest,
} from '@tessera/contracts';
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

const telegramKey = (code: string) => [adminSocialSignInEndpoints.telegram.name, code];

/** The merchant's Telegram login (decision 0173): bot username, whether a token is stored, enabled. */
export const useSocialSignInTelegram = (code: string) =>
  useQuery({
    queryKey: telegramKey(code),
    queryFn: ({ signal }) => callEndpoint(adminSocialSignInEndpoints.telegram, { params: { code }, input: {}, signal }),
  });

/** Sets up or changes the Telegram login; it and the audit log are read again. */
export const useSaveSocialSignInTelegram = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SocialSignInTelegramRequest) =>
      callEndpoint(adminSocialSignInEndpoints.saveTelegram, { params: { code }, input }),
    onSuccess: () => {
      for (const key of [telegramKey(code), [adminEndpoints.listAudit.name]]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
};
