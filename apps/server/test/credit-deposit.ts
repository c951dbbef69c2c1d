import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

/** A credited deposit of a demo member through the cashier (crypto channel, approved), as the desk makes one. */
export const creditDeposit = async (t: TestApp, memberId: string, amount: string, merchantCode = 'demo') => {
  const merchant = await t.services.merchants.resolve({ code: merchantCode, host: '' });
  const channel = (await t.services.cashier.listChannels(merchant)).find((row) => row.kind === 'crypto');
  if (!channel) throw new Error('no crypto channel');
  const principal = { memberId, merchantCode, sessionId: 'test', type: 0 };
  const order = await t.services.cashier.createDeposit(merchant, principal, {
    channelId: channel.id,
    amount,
    payerNote: `tx-${randomUUID()}`,
  });
  await t.services.cashier.decideDeposit(merchant, order.id, { approve: true, reason: null, operatorId: 'tester' });
};
