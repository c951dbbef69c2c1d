import { randomUUID } from 'node:crypto';
import type { GameCategory } from '@tessera/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';

/**
 * The bonus wallet on the real PostgreSQL (decision 0081): a manual grant lands in the bonus wallet with its
 * requirement, settled valid bets on eligible categories wager it through the `bet.settled` subscriber, the last
 * one releases it to the main wallet; a withdrawal meanwhile is refused or forfeits it after confirmation; an
 * expired bonus goes back to the house. A property test drives random sequences through the real service.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let merchant: MerchantContext;
const members: Record<string, { memberId: string; token: string }> = {};
const idOf = (as: string) => members[as]?.memberId ?? '';
const principal = (as: string) => ({ memberId: idOf(as), merchantCode: 'demo', sessionId: 'test', type: 0 });

const newMember = async (name: string, funds: bigint) => {
  const member = await fundedMember(t, client, name, funds);
  await t.services.members.update(member.memberId, { paymentPasswordHash: await hashPassword('Payout99') });
  members[name] = member;
  return member;
};
const wallet = async (as: string, kind: 'main' | 'bonus') =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: idOf(as), wallet: kind },
    })
  ).available;
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });
const grant = (as: string, values: Record<string, unknown> = {}) =>
  admin('POST', `/members/${idOf(as)}/bonuses`, {
    requestId: randomUUID(),
    amount: '10.00',
    multiple: 5,
    categories: [],
    expiresInDays: 7,
    reason: 'Welcome back',
    ...values,
  });
/** A round settled from the main wallet: stake out, payout in, then the betting record (which emits bet.settled). */
const bet = async (as: string, gameType: GameCategory, stake: bigint, payout = 0n) => {
  const ref = randomUUID();
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'game_bet',
    idempotencyKey: `bonus-test-bet:${ref}`,
    from: { member: idOf(as), wallet: 'main' },
    to: { house: 'game_providers' },
    amount: stake,
  });
  if (payout > 0n) {
    await t.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'game_win',
      idempotencyKey: `bonus-test-win:${ref}`,
      from: { house: 'game_providers' },
      to: { member: idOf(as), wallet: 'main' },
      amount: payout,
    });
  }
  await t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId: idOf(as),
    source: 'test',
    provider: 'bonus-test',
    roundRef: ref,
    gameId: 1,
    gameType,
    vendorCode: 'TEST',
    currency: 'USD',
    betAmount: stake,
    payout,
  });
};
const bonusesOf = async (as: string) =>
  (
    await client.send({ method: 'GET', url: '/wps/bonuses', moduleId: 'REWCEN3', token: members[as]?.token ?? '' })
  ).json();

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('a manual grant, wagered and released', () => {
  it('credits the bonus wallet, counts eligible valid bets, and releases the bonus once its requirement is met', async () => {
    await newMember('bonuswager', 100_000n);
    const granted = await grant('bonuswager', { amount: '10.00', multiple: 5, categories: ['RNG'] });
    expect(granted.json(), granted.body).toMatchObject({
      success: true,
      value: { amount: '10.00', requirement: '50.00', wagered: '0.00', status: 'active', progress: 0 },
    });
    expect(await wallet('bonuswager', 'bonus')).toBe(1_000n);
    const audit = await t.database.pool.query(
      "SELECT target, details FROM audit_log WHERE action = 'bonus.grant' AND target = $1",
      [`member:${idOf('bonuswager')}`],
    );
    expect(audit.rows[0]?.details).toMatchObject({ reason: 'Welcome back', amount: '1000' });

    await bet('bonuswager', 'LIVE', 4_000n); // not an eligible category
    await bet('bonuswager', 'RNG', 3_000n, 5_000n); // 30.00 counts; the win stays in main
    await t.services.events.drain();
    let page = (await bonusesOf('bonuswager')).value;
    expect(page).toMatchObject({ activeCount: 1, activeAmount: '10.00' });
    expect(page.list[0]).toMatchObject({ wagered: '30.00', progress: 60, status: 'active' });
    expect(await wallet('bonuswager', 'bonus')).toBe(1_000n);

    const mainBefore = await wallet('bonuswager', 'main');
    await bet('bonuswager', 'RNG', 2_500n); // 25.00: 20.00 completes the requirement
    await t.services.events.drain();
    page = (await bonusesOf('bonuswager')).value;
    expect(page.list[0]).toMatchObject({ wagered: '50.00', progress: 100, status: 'released' });
    expect(page).toMatchObject({ activeCount: 0, activeAmount: '0.00' });
    expect(await wallet('bonuswager', 'bonus')).toBe(0n);
    expect(await wallet('bonuswager', 'main')).toBe(mainBefore - 2_500n + 1_000n);

    // Delivering the same events again changes nothing.
    await t.services.events.drain();
    expect(await wallet('bonuswager', 'main')).toBe(mainBefore - 2_500n + 1_000n);
  });

  it('grants once per request id and refuses bad input with field errors, granting nothing', async () => {
    await newMember('bonusbad', 1_000n);
    const requestId = randomUUID();
    const [a, b] = await Promise.all([grant('bonusbad', { requestId }), grant('bonusbad', { requestId })]);
    expect(a.json().value.id).toBe(b.json().value.id);
    expect(await wallet('bonusbad', 'bonus')).toBe(1_000n);
    for (const [values, path] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '1.234' }, 'amount'],
      [{ multiple: 101 }, 'multiple'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ reason: '' }, 'reason'],
      [{ categories: ['NOPE'] }, 'categories.0'],
    ] as const) {
      const answer = await grant('bonusbad', values);
      expect(answer.json().errorCode, JSON.stringify(values)).toBe('validation_failed');
      expect(answer.json().fieldErrors[0].path).toBe(path);
    }
    const other = await admin('POST', `/members/${randomUUID()}/bonuses`, {
      requestId: randomUUID(),
      amount: '1',
      multiple: 1,
      categories: [],
      expiresInDays: 1,
      reason: 'x',
    });
    expect(other.json().errorCode).toBe('not_found');
    expect(await wallet('bonusbad', 'bonus')).toBe(1_000n);
  });

  it('releases at once a bonus granted without wagering', async () => {
    await newMember('bonusfree', 1n);
    await grant('bonusfree', { amount: '3.00', multiple: 0 });
    expect(await wallet('bonusfree', 'bonus')).toBe(0n);
    expect(await wallet('bonusfree', 'main')).toBe(301n);
  });
});

describe('withdrawals while a bonus is open', () => {
  it('are refused by default and forfeit the bonus after confirmation where the merchant says so', async () => {
    await newMember('bonuswd', 50_000n);
    await grant('bonuswd', { amount: '10.00', multiple: 10 });
    const refused = t.services.bonuses.beforeWithdrawal(merchant, principal('bonuswd'), true);
    await expect(refused).rejects.toMatchObject({ code: 'bonus_wagering_open' });

    const set = await admin('PUT', '/bonus-settings', { withdrawalPolicy: 'forfeit' });
    expect(set.json().value).toEqual({ withdrawalPolicy: 'forfeit' });
    try {
      await expect(t.services.bonuses.beforeWithdrawal(merchant, principal('bonuswd'), false)).rejects.toMatchObject({
        code: 'bonus_forfeit_confirm',
      });
      expect(await wallet('bonuswd', 'bonus')).toBe(1_000n);
      await t.services.bonuses.beforeWithdrawal(merchant, principal('bonuswd'), true);
      expect(await wallet('bonuswd', 'bonus')).toBe(0n);
      expect(await wallet('bonuswd', 'main')).toBe(50_000n);
      expect((await bonusesOf('bonuswd')).value.list[0].status).toBe('forfeited');
      // Nothing open any more: the withdrawal may go on.
      await t.services.bonuses.beforeWithdrawal(merchant, principal('bonuswd'), false);
    } finally {
      await admin('PUT', '/bonus-settings', { withdrawalPolicy: 'refuse' });
    }
  });

  it('the withdrawal endpoint answers bonus_wagering_open and holds nothing', async () => {
    await newMember('bonuswd2', 50_000n);
    await grant('bonuswd2', { amount: '5.00', multiple: 10 });
    const method = await client.sealed(
      'POST',
      '/wps/withdraw/methods',
      {
        method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Ana Cruz', accountNumber: '0123456789' },
        withdrawPassword: 'Payout99',
      },
      { moduleId: 'COMM3', token: members.bonuswd2?.token ?? '' },
    );
    const answer = await client.sealed(
      'POST',
      '/wps/v2/transaction/withdraw',
      {
        requestId: randomUUID(),
        payoutMethodId: method.json().value.id,
        amount: '100',
        withdrawPassword: 'Payout99',
      },
      { moduleId: 'COMM3', token: members.bonuswd2?.token ?? '' },
    );
    expect(answer.json().errorCode, answer.body).toBe('bonus_wagering_open');
    const held = await t.database.pool.query('SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1', [
      idOf('bonuswd2'),
    ]);
    expect(held.rows[0].n).toBe(0);
    expect(await wallet('bonuswd2', 'main')).toBe(50_000n);
  });
});

describe('expiry', () => {
  it('returns an expired bonus to the house, once', async () => {
    await newMember('bonusexp', 1n);
    const granted = (await grant('bonusexp', { amount: '4.00', multiple: 3 })).json().value;
    await t.database.pool.query("UPDATE bonuses SET expires_at = now() - interval '1 second' WHERE id = $1", [
      granted.id,
    ]);
    // A bet after expiry counts toward nothing.
    await bet('bonusexp', 'RNG', 1n);
    await t.services.events.drain();
    expect(await t.services.bonuses.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.services.bonuses.expireDue()).toBe(0);
    const row = (await bonusesOf('bonusexp')).value.list[0];
    expect(row).toMatchObject({ status: 'expired', wagered: '0.00' });
    expect(await wallet('bonusexp', 'bonus')).toBe(0n);
  });
});

describe('property: bonus money never leaves before its requirement is met', () => {
  it('holds over random sequences of grants, bets, wins, rollbacks, withdrawals and expiries on the real service', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('grant' as const),
              cents: fc.integer({ min: 1, max: 2_000 }),
              multiple: fc.integer({ min: 0, max: 3 }),
              rngOnly: fc.boolean(),
            }),
            fc.record({
              kind: fc.constant('bet' as const),
              stake: fc.integer({ min: 1, max: 3_000 }),
              payout: fc.integer({ min: 0, max: 6_000 }),
              category: fc.constantFrom('RNG' as const, 'LIVE' as const),
              rolledBack: fc.boolean(),
            }),
            fc.record({ kind: fc.constant('withdraw' as const), confirm: fc.boolean() }),
            fc.record({ kind: fc.constant('expire' as const) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom('refuse' as const, 'forfeit' as const),
        async (ops, policy) => {
          run += 1;
          const name = `bprop${run}`;
          await newMember(name, 20_000n);
          await admin('PUT', '/bonus-settings', { withdrawalPolicy: policy });
          let own = 20_000n;
          let withdrawn = 0n;
          for (const op of ops) {
            if (op.kind === 'grant') {
              await grant(name, {
                amount: (op.cents / 100).toFixed(2),
                multiple: op.multiple,
                categories: op.rngOnly ? ['RNG'] : [],
              });
            } else if (op.kind === 'bet') {
              const stake = BigInt(op.stake);
              if ((await wallet(name, 'main')) < stake) continue;
              if (op.rolledBack) continue; // a rolled-back round never settles: no valid bet, no money moved
              await bet(name, op.category, stake, BigInt(op.payout));
              own += BigInt(op.payout) - stake;
            } else if (op.kind === 'withdraw') {
              try {
                await t.services.bonuses.beforeWithdrawal(merchant, principal(name), op.confirm);
              } catch {
                continue;
              }
              const open = await t.database.pool.query(
                "SELECT count(*)::int AS n FROM bonuses WHERE member_id = $1 AND status = 'active'",
                [idOf(name)],
              );
              expect(open.rows[0].n).toBe(0);
              const main = await wallet(name, 'main');
              if (main > 0n) {
                await t.services.ledger.transfer({
                  merchantCode: 'demo',
                  currency: 'USD',
                  type: 'withdrawal',
                  idempotencyKey: `bonus-prop-wd:${randomUUID()}`,
                  from: { member: idOf(name), wallet: 'main' },
                  to: { house: 'withdrawals' },
                  amount: main,
                });
                withdrawn += main;
              }
            } else {
              await t.database.pool.query(
                "UPDATE bonuses SET expires_at = now() WHERE member_id = $1 AND status = 'active'",
                [idOf(name)],
              );
              await t.services.bonuses.expireDue();
            }
            await t.services.events.drain();
          }
          const rows = (
            await t.database.pool.query(
              'SELECT status, amount, requirement, wagered FROM bonuses WHERE member_id = $1',
              [idOf(name)],
            )
          ).rows.map((r) => ({
            status: r.status as string,
            amount: BigInt(r.amount),
            requirement: BigInt(r.requirement),
            wagered: BigInt(r.wagered),
          }));
          const released = rows.filter((r) => r.status === 'released');
          for (const r of released) expect(r.wagered).toBe(r.requirement);
          const releasedSum = released.reduce((sum, r) => sum + r.amount, 0n);
          const openSum = rows.filter((r) => r.status === 'active').reduce((sum, r) => sum + r.amount, 0n);
          expect(await wallet(name, 'bonus')).toBe(openSum);
          // Everything the member has or took out is its own money plus released bonuses: no other bonus money.
          expect((await wallet(name, 'main')) + withdrawn).toBe(own + releasedSum);
        },
      ),
      { numRuns: 12 },
    );
    await admin('PUT', '/bonus-settings', { withdrawalPolicy: 'refuse' });
  }, 120_000);
});
