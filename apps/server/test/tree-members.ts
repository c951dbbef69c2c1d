import { inTransaction } from '../src/platform/db/transaction';
import type { TestApp } from './test-app';

/**
 * A member placed in the agent tree under `upline` (as a registration through its link would), made an agent of
 * type 1 through the back office when `agent` is set. Answers the member's id.
 */
export const treeMember = async (
  t: TestApp,
  options: {
    username: string;
    upline: string | null;
    agent: boolean;
    passwordHash: string;
    ownerToken: string;
    merchantCode?: string;
  },
): Promise<string> => {
  const { username, upline, passwordHash, merchantCode = 'demo' } = options;
  const created = await t.services.members.create({
    merchantCode,
    username,
    account: username,
    nickname: username,
    passwordHash,
    uplineId: upline,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const id = created.row.id;
  await inTransaction(t.database.pool, (tx) =>
    t.services.agents.placeRegistered(tx, { merchantCode, memberId: id, uplineId: upline }),
  );
  if (options.agent) {
    const answer = await t.request({
      method: 'POST',
      url: `/api/admin/merchants/${merchantCode}/agent-tree/${id}/agent-type`,
      headers: { authorization: options.ownerToken },
      payload: { agentType: 1 },
    });
    if (!answer.json().success) throw new Error(`${username} not made an agent: ${answer.body}`);
  }
  return id;
};
