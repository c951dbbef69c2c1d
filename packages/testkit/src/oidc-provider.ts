import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './server';

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the social sign-in tests, with its development
 * login and consent pages: any login name signs in as that subject (`<login>@example.test` its e-mail). The
 * client is confidential (client_secret_basic) and must use PKCE; `redirectUris` are the callbacks it accepts.
 */
export const startTestOpenIdProvider = async (redirectUris: string[]): Promise<TestOpenIdProvider> => {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'tessera-test';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `Tester ${sub}` }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['tessera-test-oidc-cookie-key'] },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * Goes through the provider's development pages as a browser would (cookies kept): signs in as `login`, consents,
 * and answers the query string the provider sends the browser back to the callback with. `abort`: the member
 * cancels at the login page instead.
 */
export const signInAtTestProvider = async (
  authorizationUrl: string,
  login: string,
  options: { abort?: boolean } = {},
): Promise<string> => {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 12; step++) {
    const response = form
      ? await go(url, {
          method: 'POST',
          body: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : await go(url);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.searchParams.has('state') || next.searchParams.has('error')) return next.search.slice(1);
      url = next.toString();
      continue;
    }
    const page = await response.text();
    if (!/\/interaction\//.test(url)) throw new Error(`unexpected provider page ${url}: ${page.slice(0, 300)}`);
    if (page.includes('name="login"')) {
      if (options.abort) {
        url = `${url.replace(/\/$/, '')}/abort`;
        continue;
      }
      form = { prompt: 'login', login, password: 'any' };
    } else form = { prompt: 'consent' };
  }
  throw new Error('the provider did not send the browser back');
};
