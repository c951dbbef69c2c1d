import { randomUUID } from 'node:crypto';
import type { MerchantContext } from '../src/platform/principals';
import type { TestApp } from './test-app';

/** A settled RNG round of the demo merchant in USD with no payout: bet.settled is emitted with its valid bet. */
export const settledBet = (t: TestApp, memberId: string, stake: bigint, provider: string, roundRef = randomUUID()) =>
  t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId,
    source: 'test',
    provider,
    roundRef,
    gameId: 1,
    gameType: 'RNG',
    vendorCode: 'TEST',
    currency: 'USD',
    betAmount: stake,
    payout: 0n,
  });

/** A bank-transfer deposit the desk approves: the order succeeds and deposit.credited is emitted. */
export const approvedDeposit = async (t: TestApp, merchant: MerchantContext, memberId: string, amount: string) => {
  const member = { memberId, merchantCode: merchant.code, sessionId: 'test', type: 0 };
  const channel = (await t.services.cashier.listChannels(merchant)).find((c) => c.kind === 'bank_transfer');
  if (!channel) throw new Error('no bank transfer channel');
  const order = await t.services.cashier.createDeposit(merchant, member, {
    channelId: channel.id,
    amount,
    payerNote: 'Payer',
  });
  const operator = await t.database.pool.query("SELECT id FROM operators WHERE username = 'owner'");
  await t.services.cashier.decideDeposit(merchant, order.id, {
    approve: true,
    reason: null,
    operatorId: operator.rows[0].id,
  });
};
