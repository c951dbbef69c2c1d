import { useQuery } from '@tanstack/react-query';
import { socialSignInEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** The merchant's enabled OpenID Connect providers: a button each on login and registration. */
export const useSocialSignInProviders = () =>
  useQuery({
    queryKey: queryKeyOf(socialSignInEndpoints.providers),
    queryFn: ({ signal }) => callEndpoint(socialSignInEndpoints.providers, { signal }),
    staleTime: 5 * 60_000,
  });

/** Starts a sign-in at the provider: the server keeps the flow and answers where to send the browser. */
export const startSocialSignIn = (providerId: string) =>
  callEndpoint(socialSignInEndpoints.start, { body: { providerId } });

/** Starts linking a provider to the signed-in member's account (its password proves the account is theirs). */
export const startSocialLink = (providerId: string, password: string) =>
  callEndpoint(socialSignInEndpoints.startLink, { body: { providerId, password } });

/**
 * Hands the provider's answer to the server: the callback page's query string, and Telegram's login data from the
 * fragment (`tgAuthResult`, decision 0173) when Telegram sent the browser back.
 */
export const finishSocialSignIn = (query: string, telegramResult?: string) =>
  callEndpoint(socialSignInEndpoints.callback, { body: { query, ...(telegramResult ? { telegramResult } : {}) } });

/** The providers linked to the member's account. */
export const useSocialSignInLinks = () =>
  useQuery({
    queryKey: queryKeyOf(socialSignInEndpoints.links),
    queryFn: ({ signal }) => callEndpoint(socialSignInEndpoints.links, { signal }),
  });

/** Removes one of the member's own links (its password proves the account is theirs). */
export const unlinkSocialSignIn = (linkId: string, password: string) =>
  callEndpoint(socialSignInEndpoints.unlink, { body: { linkId, password } });
