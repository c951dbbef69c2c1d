import { type BotChallenge, type PayloadKey, sealPayload, solveBotChallenge } from '@tessera/client-crypto';
import type { TestServer } from '@tessera/testkit';

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
  fieldErrors?: unknown;
}

interface LoginValue {
  token: string;
  member: { id: string; account: string };
}

/**
 * The member API as a browser calls it (module ids, sealed bodies, bot checks), for setting up a journey's
 * starting point quickly: the journeys themselves go through the pages.
 */
export const memberApi = (server: TestServer, options: { prompts: 'answered' | 'due' } = { prompts: 'answered' }) => {
  let key: PayloadKey | undefined;

  const request = async <T>(
    method: string,
    path: string,
    options: { moduleId: string; body?: unknown; token?: string },
  ): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ModuleId: options.moduleId,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { Authorization: options.token } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!envelope.success) {
      throw new Error(`${method} ${path} failed: ${envelope.errorCode} ${JSON.stringify(envelope.fieldErrors ?? [])}`);
    }
    return envelope.value;
  };

  const botCheck = async (): Promise<string> =>
    solveBotChallenge(await request<BotChallenge>('GET', '/wps/verification/challenge', { moduleId: 'COMM3' }));

  const sealed = async <T>(method: 'POST' | 'PUT', path: string, body: unknown, moduleId: string): Promise<T> => {
    key ??= await request<PayloadKey>('GET', '/wps/session/key', { moduleId: 'COMM3' });
    return request<T>(method, path, { moduleId, body: sealPayload(key, method, path, body) });
  };

  /** The newest 6-digit code the outbox sent to a recipient (the SMS or e-mail provider's view). */
  const lastCode = async (recipient: string): Promise<string> => {
    const rows = await server.query<{ body: string }>(
      'SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [recipient],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${recipient}`);
    return code;
  };

  const registrationCode = async (mobile: string) => {
    await request('POST', '/wps/verification/sms/register', {
      moduleId: 'MOBILENUMREG3',
      body: { mobileNo: mobile, countryDialingCode: '65', botCheck: await botCheck() },
    });
    return lastCode(`+65${mobile}`);
  };

  /**
   * A journey's member starts past the one-time responsible-gaming prompts (decision 0107) unless the journey is
   * about them (`prompts: 'due'`): otherwise the offer of limits and the information would cover its first page.
   */
  const pastPrompts = async (login: LoginValue) => {
    if (options.prompts === 'due') return login;
    for (const [prompt, answer] of [
      ['limits_offer', 'skipped'],
      ['first_wager_info', 'acknowledged'],
    ]) {
      await request('POST', '/wps/responsible-gaming/prompts', {
        moduleId: 'COMM3',
        body: { prompt, answer },
        token: login.token,
      });
    }
    return login;
  };

  return {
    lastCode,
    /** A member registered by username and password (with a mobile number, which the demo keeps unverified). */
    registerByUsername: async (
      username: string,
      password: string,
      mobile: string,
      extra: Record<string, unknown> = {},
    ): Promise<LoginValue> =>
      pastPrompts(
        await sealed<LoginValue>(
          'PUT',
          '/wps/member/register',
          {
            username,
            password,
            confirmPassword: password,
            mobileNum: mobile,
            countryDialingCode: '65',
            termsAccepted: true,
            botCheck: await botCheck(),
            ...extra,
          },
          'REG3',
        ),
      ),
    /** A member registered by mobile number (the number is its username). */
    registerByMobile: async (mobile: string, password: string): Promise<LoginValue> =>
      pastPrompts(
        await sealed<LoginValue>(
          'PUT',
          '/wps/member/register/mobile',
          {
            mobileNum: mobile,
            countryDialingCode: '65',
            verificationCode: await registrationCode(mobile),
            password,
            confirmPassword: password,
            termsAccepted: true,
            botCheck: await botCheck(),
          },
          'MOBILENUMREG3',
        ),
      ),
  };
};
