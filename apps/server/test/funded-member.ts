import { hashPassword } from '../src/platform/security/password';
import type { memberClient } from './member-client';
import type { TestApp } from './test-app';

/** A demo-merchant member with `amount` (minor units of USD) in its main wallet, signed in: its id and token. */
export const fundedMember = async (
  t: TestApp,
  client: ReturnType<typeof memberClient>,
  username: string,
  amount: bigint,
): Promise<{ memberId: string; token: string }> => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash: await hashPassword('Secret123'),
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: `test-funding:${username}`,
    from: { house: 'deposits' },
    to: { member: created.row.id, wallet: 'main' },
    amount,
  });
  const login = await client.sealed(
    'POST',
    '/wps/session/login',
    { username, password: 'Secret123', botCheck: await client.botCheck() },
    { moduleId: 'COMM3' },
  );
  return { memberId: created.row.id, token: login.json().value.token as string };
};
