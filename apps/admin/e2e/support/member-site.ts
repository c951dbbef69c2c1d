import { type BotChallenge, type PayloadKey, sealPayload, solveBotChallenge } from '@tessera/client-crypto';
import { accountEndpoints, buildPath, type EndpointDef, registerEndpoints, sessionEndpoints } from '@tessera/contracts';
import type { TestServer } from '@tessera/testkit';

/** The trusted CDN country header of a journey's server (`COUNTRY_HEADER`), for sign-ins from a country. */
export const COUNTRY_TEST_HEADER = 'x-test-country';

/** A phone browser's user agent, so the login history has a real device to show. */
export const MEMBER_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Envelope {
  success: boolean;
  value: unknown;
  errorCode: string | null;
}

/**
 * The demo member site's API as its browser calls it: module ids, sealed "(enc)" bodies and proof-of-work bot
 * checks. Used to make real members, sign-ins and messages for the back-office journeys.
 */
export const memberSite = (server: TestServer) => {
  let key: PayloadKey | undefined;

  const send = async (
    endpoint: EndpointDef,
    options: {
      body?: unknown;
      form?: Record<string, string>;
      token?: string;
      params?: Record<string, string>;
      country?: string;
    } = {},
  ): Promise<Envelope> => {
    const headers: Record<string, string> = {
      ModuleId: endpoint.moduleIds[0] ?? 'COMM3',
      'user-agent': MEMBER_USER_AGENT,
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.country ? { [COUNTRY_TEST_HEADER]: options.country } : {}),
    };
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(
        endpoint.encrypted
          ? sealPayload(await payloadKey(), endpoint.method, buildPath(endpoint.path, options.params), options.body)
          : options.body,
      );
    }
    const path = buildPath(endpoint.path, options.params);
    const response = await fetch(server.url + path, { method: endpoint.method, headers, body });
    return (await response.json()) as Envelope;
  };

  const payloadKey = async (): Promise<PayloadKey> => {
    key ??= (await send(sessionEndpoints.payloadKey)).value as PayloadKey;
    return key;
  };

  const botCheck = async (): Promise<string> =>
    solveBotChallenge((await send(sessionEndpoints.botChallenge)).value as BotChallenge);

  return {
    /** Registers by username and password, with a mobile number (optional and unverified in the demo). */
    register: async (member: {
      username: string;
      password: string;
      email: string;
      mobileNum: string;
      countryDialingCode: string;
      /** An agent's affiliate code: the member registers in its downline. */
      affiliateCode?: string;
    }): Promise<void> => {
      const registered = await send(registerEndpoints.register, {
        body: {
          ...member,
          confirmPassword: member.password,
          termsAccepted: true,
          botCheck: await botCheck(),
        },
      });
      if (!registered.success) throw new Error(`registration refused: ${registered.errorCode}`);
    },

    /** Any site endpoint as the signed-in member (`token`), sealed when the endpoint says so. */
    call: (endpoint: EndpointDef, token: string, body?: unknown, params?: Record<string, string>): Promise<Envelope> =>
      send(endpoint, { token, ...(body === undefined ? {} : { body }), ...(params ? { params } : {}) }),

    /**
     * A multipart site endpoint (proof images, a promotion application) as the signed-in member: `fields` first,
     * then the files under the contract's upload field.
     */
    upload: async (
      endpoint: EndpointDef,
      token: string,
      files: readonly { name: string; type: string; bytes: Buffer }[],
      params?: Record<string, string>,
      fields: Record<string, string> = {},
    ): Promise<Envelope> => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) {
        form.append(
          endpoint.upload?.field ?? 'files',
          new Blob([new Uint8Array(file.bytes)], { type: file.type }),
          file.name,
        );
      }
      const response = await fetch(server.url + buildPath(endpoint.path, params), {
        method: endpoint.method,
        headers: { ModuleId: endpoint.moduleIds[0] ?? 'COMM3', 'user-agent': MEMBER_USER_AGENT, authorization: token },
        body: form,
      });
      return (await response.json()) as Envelope;
    },

    /** Signs in by username; the envelope says how it went. */
    /** Signs in; from `country` as the CDN would place it, when the server reads `COUNTRY_TEST_HEADER`. */
    login: async (username: string, password: string, country?: string): Promise<Envelope> =>
      send(sessionEndpoints.login, {
        body: { username, password, botCheck: await botCheck() },
        ...(country ? { country } : {}),
      }),

    /** Asks for a password reset link by e-mail (a form post, as the site's page sends it). */
    forgotPasswordByEmail: async (username: string, email: string): Promise<Envelope> =>
      send(accountEndpoints.forgotPasswordByEmail, { form: { username, email } }),
  };
};
