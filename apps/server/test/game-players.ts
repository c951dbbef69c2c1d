import { hashPassword } from '../src/platform/security/password';
import type { memberClient } from './member-client';
import type { TestApp } from './test-app';

type Client = ReturnType<typeof memberClient>;

/** Signs a demo-merchant member in with the password Secret123: its session token. */
export const loginAs = async (client: Client, username: string): Promise<string> =>
  (
    await client.sealed(
      'POST',
      '/wps/session/login',
      { username, password: 'Secret123', botCheck: await client.botCheck() },
      { moduleId: 'COMM3' },
    )
  ).json().value.token as string;

/**
 * The three callers the game tests launch as: a member, another member (for ownership checks) and a free-play
 * trial account, each signed in on the demo merchant.
 */
export const gamePlayers = async (
  t: TestApp,
  client: Client,
  [first, second]: [string, string],
): Promise<{ token: string; otherToken: string; trialToken: string }> => {
  const passwordHash = await hashPassword('Secret123');
  for (const username of [first, second]) {
    await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash,
    });
  }
  const trial = await client.send({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    moduleId: 'FREEPLAY3',
    payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
  });
  return {
    token: await loginAs(client, first),
    otherToken: await loginAs(client, second),
    trialToken: trial.json().value.token as string,
  };
};
