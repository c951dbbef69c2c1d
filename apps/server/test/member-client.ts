import { type BotChallenge, type PayloadKey, sealPayload, solveBotChallenge } from '@tessera/client-crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../src/platform/security/password';
import type { TestApp } from './test-app';

/** Calls the site API as the browser does: module ids, sealed bodies for "(enc)" endpoints, bot checks. */
export const memberClient = (t: TestApp, defaults: { ip?: string } = {}) => {
  let key: PayloadKey | undefined;
  const cookies: Record<string, string> = {};

  const send = async (options: InjectOptions & { moduleId?: string; token?: string; ip?: string }) => {
    const { moduleId, token, ip, headers, ...rest } = options;
    const cookieHeader = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const response = await t.request({
      ...rest,
      remoteAddress: ip ?? defaults.ip ?? '127.0.0.1',
      headers: {
        ...(moduleId ? { ModuleId: moduleId } : {}),
        ...(token ? { authorization: token } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as { name: string; value: string }[]) cookies[cookie.name] = cookie.value;
    return response;
  };

  const payloadKey = async (): Promise<PayloadKey> => {
    key ??= (await send({ method: 'GET', url: '/wps/session/key', moduleId: 'COMM3' })).json().value as PayloadKey;
    return key;
  };

  /** A fresh proof-of-work solution. */
  const botCheck = async (): Promise<string> => {
    const challenge = (await send({ method: 'GET', url: '/wps/verification/challenge', moduleId: 'COMM3' })).json()
      .value as BotChallenge;
    return solveBotChallenge(challenge);
  };

  /** Sends `body` sealed for `method url`. */
  const sealed = async (
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
    options: { moduleId: string; token?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse> =>
    send({ method, url, payload: sealPayload(await payloadKey(), method, url, body) as never, ...options });

  const login = async (username: string, password: string): Promise<string> =>
    (
      await sealed(
        'POST',
        '/wps/session/login',
        { username, password, botCheck: await botCheck() },
        { moduleId: 'COMM3' },
      )
    ).json().value.token as string;

  return {
    send,
    botCheck,
    sealed,
    payloadKey,
    login,
    /** Creates members of the demo merchant (password Secret123) and signs each in: session tokens and ids by name. */
    signInMembers: async (usernames: readonly string[]) => {
      const passwordHash = await hashPassword('Secret123');
      const tokens: Record<string, string> = {};
      const ids: Record<string, string> = {};
      for (const username of usernames) {
        const created = await t.services.members.create({
          merchantCode: 'demo',
          username,
          account: username,
          nickname: username,
          passwordHash,
        });
        if (!('row' in created)) throw new Error(`member ${username} not created`);
        ids[username] = created.row.id;
        tokens[username] = await login(username, 'Secret123');
      }
      return { tokens, ids };
    },
    /** Starts a free-play trial account (member type 4): its session token and member id. */
    freePlay: async (): Promise<{ token: string; memberId: string }> => {
      const answer = await send({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        moduleId: 'FREEPLAY3',
        payload: { os: 'Linux', platform: 'W', botCheck: await botCheck() },
      });
      const value = answer.json().value as { token: string; member: { id: string } };
      return { token: value.token, memberId: value.member.id };
    },
    /** The newest code the outbox sent to a recipient (the SMS or e-mail provider's view). */
    lastCode: async (recipient: string): Promise<string> => {
      const rows = await t.database.pool.query(
        'SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
        [recipient],
      );
      const code = /\b(\d{6})\b/.exec(rows.rows[0]?.body ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${recipient}`);
      return code;
    },
  };
};
