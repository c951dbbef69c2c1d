import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, REFERENCE_PROVIDER_SECRET, type TestApp } from '../../../test/test-app';
import { reconcileLedger } from '../ledger';
import { seamlessSignature } from './seamless.routes';

/**
 * The seamless wallet's breadth (docs/seamless-wallet.md, decisions 0117 and 0118): several bets in one round,
 * settlement long after the token expired, tips, resettlements with the never-overdraw debt path, and the
 * settled-round events a correction emits.
 */
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let nodeId: string;
let sequence = 0;

const next = (prefix: string) => `${prefix}-b${++sequence}`;

const call = (action: string, body: object) => {
  const raw = JSON.stringify(body);
  return t.request({
    method: 'POST',
    url: `/seamless/v1/DEMO/${action}`,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': seamlessSignature(REFERENCE_PROVIDER_SECRET, raw) },
  });
};

const ok = async (action: string, body: object) => {
  const response = await call(action, body);
  const json = response.json();
  if (!json.success) throw new Error(`${action} refused: ${response.body}`);
  return json.value as { balance: string; platformTransactionId: string | null; debt?: string };
};

interface Player {
  memberId: string;
  token: string;
  gameToken: string;
}

const player = async (name: string, funds: bigint): Promise<Player> => {
  const member = await fundedMember(t, client, name, funds);
  const response = await client.send({
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${nodeId}`,
    moduleId: 'GAMELO3',
    token: member.token,
  });
  const gameToken = new URL(response.json().value.content.game_url).searchParams.get('token') ?? '';
  return { ...member, gameToken };
};

/** The member's main wallet in minor units, straight from the ledger. */
const walletOf = async (memberId: string): Promise<bigint> =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberId, wallet: 'main' },
    })
  ).balance;

const ledgerCount = async (key: string) =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
      [key],
    )
  ).rows[0]?.n;

const roundRecord = async (roundId: string) =>
  (
    await t.database.pool.query<{
      bet_amount: string;
      valid_bet: string;
      payout: string;
      status: string;
      details: Record<string, unknown>;
    }>(
      `SELECT bet_amount::text, valid_bet::text, payout::text, status, details FROM bet_rounds
        WHERE source = 'seamless' AND provider = 'DEMO' AND round_ref = $1`,
      [roundId],
    )
  ).rows;

const settledEvents = async (roundId: string) =>
  (
    await t.database.pool.query<{ payload: Record<string, string> }>(
      "SELECT payload FROM events WHERE name = 'bet.settled' AND payload->>'roundRef' = $1 ORDER BY id",
      [roundId],
    )
  ).rows.map((row) => row.payload);

const openDebt = async (memberId: string) =>
  BigInt(
    (
      await t.database.pool.query<{ n: string }>(
        'SELECT coalesce(sum(outstanding), 0)::text AS n FROM seamless_debts WHERE member_id = $1',
        [memberId],
      )
    ).rows[0]?.n ?? '0',
  );

/**
 * Sends a call ten times one after the other and ten times at once: every answer is the first one, and the
 * ledger holds one movement under its key.
 */
const replayed = async (action: string, body: { transactionId: string }) => {
  const first = await call(action, body);
  expect(first.json().success).toBe(true);
  const serial = [];
  for (let i = 0; i < 10; i++) serial.push(await call(action, body));
  const concurrent = await Promise.all(Array.from({ length: 10 }, () => call(action, body)));
  for (const answer of [...serial, ...concurrent]) {
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(first.json());
  }
  const key = action === 'rollback' ? null : `seamless:DEMO:${body.transactionId}`;
  if (key && first.json().value.platformTransactionId) expect(await ledgerCount(key)).toBe(1);
  return first.json().value as { balance: string; platformTransactionId: string | null; debt?: string };
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  const { rows } = await t.database.pool.query<{ id: number }>(
    "SELECT id FROM games WHERE vendor_code = 'PT' AND game_type = 'RNG' ORDER BY id LIMIT 1",
  );
  nodeId = String(rows[0]?.id);
});
afterAll(async () => {
  const report = await reconcileLedger(t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  // Nobody was ever overdrawn: no member's main wallet below zero.
  const negative = await t.database.pool.query(
    "SELECT id FROM ledger_accounts WHERE owner_type = 'member' AND balance < 0",
  );
  expect(negative.rows).toEqual([]);
  await t.close();
});

describe('several bets in one round, settled long after the token expired', () => {
  it('takes every bet of a round once, settles the round once, and emits one settled round with their sum', async () => {
    const p = await player('multibet', 100_00n);
    const roundId = next('r');
    const bets = ['1.00', '2.50', '0.50'].map((amount) => ({
      token: p.gameToken,
      transactionId: next('tx'),
      roundId,
      amount,
      currency: 'USD',
    }));
    // Sent at once, as a live table's spots are.
    const answers = await Promise.all(bets.map((bet) => call('bet', bet)));
    expect(answers.every((answer) => answer.json().success)).toBe(true);
    expect(await walletOf(p.memberId)).toBe(96_00n);
    expect(await roundRecord(roundId)).toEqual([
      expect.objectContaining({ bet_amount: '400', status: 'open', valid_bet: '0' }),
    ]);
    await ok('win', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '6.00', currency: 'USD' });
    expect(await walletOf(p.memberId)).toBe(102_00n);
    expect(await roundRecord(roundId)).toEqual([
      expect.objectContaining({ bet_amount: '400', valid_bet: '400', payout: '600', status: 'settled' }),
    ]);
    const events = await settledEvents(roundId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ betAmount: '400', validBet: '400', payout: '600' });
    expect(events[0]?.correction).toBeUndefined();
  });

  it('settles a win and a loss days after the game token expired, and takes no new bet with it', async () => {
    const p = await player('latesettle', 50_00n);
    const won = next('r');
    const lost = next('r');
    await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId: won, amount: '5.00', currency: 'USD' });
    await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId: lost, amount: '3.00', currency: 'USD' });
    // A sports bet settles days later: the token is long dead.
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() - interval '5 days' WHERE member_id = $1",
      [p.memberId],
    );
    const refused = await call('bet', {
      token: p.gameToken,
      transactionId: next('tx'),
      roundId: next('r'),
      amount: '1.00',
      currency: 'USD',
    });
    expect(refused.json().errorCode).toBe('game_token_invalid');
    await ok('win', { token: p.gameToken, transactionId: next('tx'), roundId: won, amount: '12.00', currency: 'USD' });
    await ok('win', { token: p.gameToken, transactionId: next('tx'), roundId: lost, amount: '0', currency: 'USD' });
    expect(await walletOf(p.memberId)).toBe(54_00n);
    expect((await roundRecord(won))[0]).toMatchObject({ status: 'settled', payout: '1200' });
    expect((await roundRecord(lost))[0]).toMatchObject({ status: 'settled', payout: '0', valid_bet: '300' });
  });
});

describe('tips', () => {
  it('takes a tip once in a round of the member, records it in the round and the account record', async () => {
    const p = await player('tipper', 20_00n);
    const roundId = next('r');
    await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '5.00', currency: 'USD' });
    const tip = { token: p.gameToken, transactionId: next('tx'), roundId, amount: '1.50', currency: 'USD' };
    const answer = await replayed('tip', tip);
    expect(answer.balance).toBe('13.50');
    expect(await walletOf(p.memberId)).toBe(13_50n);
    const conflict = await call('tip', { ...tip, amount: '2.00' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errorCode).toBe('idempotency_conflict');
    // A tip after the round settled (a dealer tipped after a win) is taken too; no turnover, no payout.
    await ok('win', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' });
    await ok('tip', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '0.50', currency: 'USD' });
    const [record] = await roundRecord(roundId);
    expect(record).toMatchObject({ bet_amount: '500', valid_bet: '500', payout: '0' });
    expect(record?.details).toMatchObject({ tip: '200' });
    const { rows } = await t.database.pool.query(
      "SELECT tip_total::text FROM seamless_rounds WHERE provider = 'DEMO' AND round_id = $1",
      [roundId],
    );
    expect(rows[0]).toEqual({ tip_total: '200' });
    const history = (
      await client.send({
        method: 'GET',
        url: '/wps/member/transactions?type=game_tip&range=today',
        moduleId: 'COMM3',
        token: p.token,
      })
    ).json().value;
    expect(history.list.map((entry: { amount: string }) => entry.amount)).toEqual(['-0.50', '-1.50']);
  });

  it('refuses a tip larger than the balance, in an unknown round, with a dead token, or in another currency', async () => {
    const p = await player('tiprefused', 2_00n);
    const roundId = next('r');
    await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
    const base = { token: p.gameToken, roundId, currency: 'USD' };
    const poor = await call('tip', { ...base, transactionId: next('tx'), amount: '5.00' });
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toMatchObject({ errorCode: 'insufficient_funds', value: { balance: '1.00' } });
    const unknown = await call('tip', { ...base, roundId: next('r'), transactionId: next('tx'), amount: '0.10' });
    expect(unknown.json().errorCode).toBe('round_not_found');
    const currency = await call('tip', { ...base, transactionId: next('tx'), amount: '0.10', currency: 'EUR' });
    expect(currency.json().errorCode).toBe('currency_mismatch');
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() - interval '1 minute' WHERE member_id = $1",
      [p.memberId],
    );
    const dead = await call('tip', { ...base, transactionId: next('tx'), amount: '0.10' });
    expect(dead.json().errorCode).toBe('game_token_invalid');
    expect(await walletOf(p.memberId)).toBe(1_00n);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM seamless_transactions WHERE member_id = $1 AND kind = 'tip'",
      [p.memberId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('resettlement', () => {
  it('moves only the difference, replayed ten times serially and at once', async () => {
    const p = await player('resettler', 10_00n);
    const roundId = next('r');
    const token = p.gameToken;
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '2.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '5.00', currency: 'USD' });
    expect(await walletOf(p.memberId)).toBe(13_00n);
    // The result corrected upwards: 5.00 → 7.50 pays 2.50 more.
    const up = { token, transactionId: next('tx'), roundId, amount: '7.50', currency: 'USD' };
    expect((await replayed('resettle', up)).balance).toBe('15.50');
    const conflict = await call('resettle', { ...up, amount: '8.00' });
    expect(conflict.json().errorCode).toBe('idempotency_conflict');
    // Then downwards: 7.50 → 1.00 takes 6.50 back.
    const down = { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' };
    expect((await replayed('resettle', down)).balance).toBe('9.00');
    expect(await walletOf(p.memberId)).toBe(9_00n);
    expect((await roundRecord(roundId))[0]).toMatchObject({ payout: '100', valid_bet: '200', status: 'settled' });
    const types = await t.database.pool.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM ledger_transactions WHERE reference = $1 GROUP BY type ORDER BY type`,
      [`DEMO:${roundId}`],
    );
    expect(types.rows).toEqual([
      { type: 'game_bet', n: 1 },
      { type: 'game_resettle', n: 2 },
      { type: 'game_win', n: 1 },
    ]);
  });

  it('refuses a resettlement of an open, unknown or rolled-back round, changing nothing', async () => {
    const p = await player('resettleno', 10_00n);
    const token = p.gameToken;
    const open = next('r');
    const bet = { token, transactionId: next('tx'), roundId: open, amount: '1.00', currency: 'USD' };
    await ok('bet', bet);
    const body = (roundId: string) => ({ token, transactionId: next('tx'), roundId, amount: '3.00', currency: 'USD' });
    const notSettled = await call('resettle', body(open));
    expect(notSettled.statusCode).toBe(409);
    expect(notSettled.json().errorCode).toBe('round_not_settled');
    expect((await call('resettle', body(next('r')))).json().errorCode).toBe('round_not_found');
    await ok('rollback', {
      token,
      transactionId: next('tx'),
      roundId: open,
      referenceTransactionId: bet.transactionId,
    });
    expect((await call('resettle', body(open))).json().errorCode).toBe('round_not_settled');
    const other = await player('resettleother', 1_00n);
    const theirs = next('r');
    await ok('bet', {
      token: other.gameToken,
      transactionId: next('tx'),
      roundId: theirs,
      amount: '1.00',
      currency: 'USD',
    });
    await ok('win', {
      token: other.gameToken,
      transactionId: next('tx'),
      roundId: theirs,
      amount: '0',
      currency: 'USD',
    });
    // Another member's round is not this token's to correct.
    expect((await call('resettle', body(theirs))).json().errorCode).toBe('round_not_found');
    expect(await walletOf(p.memberId)).toBe(10_00n);
    expect(await walletOf(other.memberId)).toBe(0n);
  });

  it('takes only what is available on a debit larger than the balance, records the rest as a debt, and collects it from the next credits', async () => {
    const p = await player('debtor', 10_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '10.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '30.00', currency: 'USD' });
    // The member plays most of it away before the provider corrects the round to a loss.
    const spend = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId: spend, amount: '25.00', currency: 'USD' });
    expect(await walletOf(p.memberId)).toBe(5_00n);
    const loss = { token, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' };
    const answer = await replayed('resettle', loss);
    expect(answer).toMatchObject({ balance: '0.00', debt: '25.00' });
    expect(await walletOf(p.memberId)).toBe(0n);
    expect(await openDebt(p.memberId)).toBe(25_00n);
    const debts = await t.database.pool.query(
      'SELECT round_id, transaction_id, amount::text, outstanding::text FROM seamless_debts WHERE member_id = $1',
      [p.memberId],
    );
    expect(debts.rows).toEqual([
      { round_id: roundId, transaction_id: loss.transactionId, amount: '2500', outstanding: '2500' },
    ]);
    // A win of 20.00 pays, and the debt takes all of it back at once; a win of 8.00 settles the rest.
    const win1 = {
      token,
      transactionId: next('tx'),
      roundId: spend,
      amount: '20.00',
      currency: 'USD',
      roundClosed: false,
    };
    expect((await ok('win', win1)).balance).toBe('0.00');
    expect(await openDebt(p.memberId)).toBe(5_00n);
    expect((await ok('win', { ...win1, transactionId: next('tx'), amount: '8.00', roundClosed: true })).balance).toBe(
      '3.00',
    );
    expect(await openDebt(p.memberId)).toBe(0n);
    expect(await walletOf(p.memberId)).toBe(3_00n);
    expect(await ledgerCount(`seamless:DEMO:${win1.transactionId}:debt`)).toBe(1);
    // A repeat of the win answers the first answer and collects nothing more.
    expect((await ok('win', win1)).balance).toBe('0.00');
    expect(await walletOf(p.memberId)).toBe(3_00n);
  });

  it("shows the merchant's members' debts to its operators, open ones first, and to no other merchant's", async () => {
    const p = await player('owesmoney', 2_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '2.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '9.00', currency: 'USD' });
    const spend = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId: spend, amount: '8.00', currency: 'USD' });
    const loss = { token, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' };
    expect(await ok('resettle', loss)).toMatchObject({ balance: '0.00', debt: '8.00' });
    await merchantLikeDemo(t, 'elsewhere');
    const tokens = await signInOperators(t, [{ name: 'elsewhereRisk', role: 'risk', merchantCode: 'elsewhere' }]);
    const list = (as: string, query = '', code = 'demo') =>
      t.request({
        method: 'GET',
        url: `/api/admin/merchants/${code}/seamless-debts${query}`,
        headers: { authorization: tokens[as] ?? '' },
      });
    const open = (await list('support')).json().value;
    const mine = open.list.find((debt: { transactionId: string }) => debt.transactionId === loss.transactionId);
    expect(mine).toMatchObject({
      account: 'owesmoney',
      memberId: p.memberId,
      provider: 'DEMO',
      roundId,
      currency: 'USD',
      amount: '8.00',
      outstanding: '8.00',
    });
    expect(open.list.every((debt: { outstanding: string }) => debt.outstanding !== '0.00')).toBe(true);
    expect(open.outstanding).toEqual([{ currency: 'USD', amount: '8.00' }]);
    // Every debt, repaid ones included (the debtor's of the test before).
    const all = (await list('support', '?status=all')).json().value;
    expect(all.list.some((debt: { outstanding: string }) => debt.outstanding === '0.00')).toBe(true);
    // Another merchant's operator learns nothing of this merchant.
    expect((await list('elsewhereRisk')).json().errorCode).toBe('not_found');
    expect((await list('elsewhereRisk', '', 'elsewhere')).json().value.list).toEqual([]);
    expect((await list('support', '?status=nope')).json().errorCode).toBe('validation_failed');
    // Collected by the next credit: the open list no longer shows it, the full list shows it repaid.
    expect(
      (await ok('win', { token, transactionId: next('tx'), roundId: spend, amount: '10.00', currency: 'USD' })).balance,
    ).toBe('2.00');
    const after = (await list('support')).json().value;
    expect(after.list.some((debt: { transactionId: string }) => debt.transactionId === loss.transactionId)).toBe(false);
    expect(after.outstanding).toEqual([]);
    const repaid = (await list('support', '?status=all'))
      .json()
      .value.list.find((debt: { transactionId: string }) => debt.transactionId === loss.transactionId);
    expect(repaid).toMatchObject({ amount: '8.00', outstanding: '0.00' });
  });

  it('a chain of corrections leaves the balance, the betting record and the rollups equal to a recomputation', async () => {
    const p = await player('chain', 20_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await t.services.events.drain();
    const rollup = async () =>
      (
        await t.database.pool.query<{ bets: string; valid: string; payouts: string; count: number }>(
          `SELECT coalesce(sum(bets), 0)::text AS bets, coalesce(sum(valid_bets), 0)::text AS valid,
                  coalesce(sum(payouts), 0)::text AS payouts, coalesce(sum(bet_count), 0)::int AS count
             FROM agent_daily_rollups WHERE member_id = $1`,
          [p.memberId],
        )
      ).rows[0];
    const reports = async () =>
      (
        await t.database.pool.query<{ rounds: number; stakes: string; payouts: string }>(
          `SELECT coalesce(sum(rounds), 0)::int AS rounds, coalesce(sum(stakes), 0)::text AS stakes,
                  coalesce(sum(payouts), 0)::text AS payouts FROM reports_member_games WHERE member_id = $1`,
          [p.memberId],
        )
      ).rows[0];
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '4.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
    // Win 12.00, then corrected to a loss, then to 40.00 (larger than anything), then to 2.00.
    const payouts = ['12.00', '0', '40.00', '0', '2.00'];
    await ok('win', { token, transactionId: next('tx'), roundId, amount: payouts[0], currency: 'USD' });
    for (const amount of payouts.slice(1)) {
      await ok('resettle', { token, transactionId: next('tx'), roundId, amount, currency: 'USD' });
    }
    await t.services.events.drain();
    // Recomputed: 20.00 - 5.00 staked + 2.00 finally paid.
    expect(await walletOf(p.memberId)).toBe(17_00n);
    expect(await openDebt(p.memberId)).toBe(0n);
    expect((await roundRecord(roundId))[0]).toMatchObject({ bet_amount: '500', valid_bet: '500', payout: '200' });
    const events = await settledEvents(roundId);
    expect(events.map((event) => [event.payout, event.correction ?? null])).toEqual([
      ['1200', null],
      ['-1200', '1'],
      ['4000', '2'],
      ['-4000', '3'],
      ['200', '4'],
    ]);
    // The rollups add the differences: one bet, the final payout.
    expect(await rollup()).toEqual({ bets: '500', valid: '500', payouts: '200', count: 1 });
    expect(await reports()).toEqual({ rounds: 1, stakes: '500', payouts: '200' });
  });
});

describe('cash-out', () => {
  it('closes an open bet for the offer once, replayed ten times serially and at once, recorded as a cash-out', async () => {
    const p = await player('cashier', 10_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '4.00', currency: 'USD' });
    // The match is still on days later; the member takes the provider's offer after the token expired.
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() - interval '2 days' WHERE member_id = $1",
      [p.memberId],
    );
    const cashout = { token, transactionId: next('tx'), roundId, amount: '6.40', currency: 'USD' };
    expect((await replayed('cashout', cashout)).balance).toBe('12.40');
    expect(await walletOf(p.memberId)).toBe(12_40n);
    const conflict = await call('cashout', { ...cashout, amount: '7.00' });
    expect(conflict.json().errorCode).toBe('idempotency_conflict');
    const [record] = await roundRecord(roundId);
    expect(record).toMatchObject({ status: 'settled', bet_amount: '400', valid_bet: '400', payout: '640' });
    expect(record?.details).toMatchObject({ cashout: '640' });
    const events = await settledEvents(roundId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ betAmount: '400', payout: '640' });
    // Its own ledger type (decision 0133): the account record lists and filters it as a cash-out, not a game win.
    const { rows } = await t.database.pool.query('SELECT type FROM ledger_transactions WHERE idempotency_key = $1', [
      `seamless:DEMO:${cashout.transactionId}`,
    ]);
    expect(rows).toEqual([{ type: 'game_cashout' }]);
    const accountRecord = async (type: string) =>
      (
        await client.send({
          method: 'GET',
          url: `/wps/member/transactions?type=${type}&range=today`,
          moduleId: 'COMM3',
          token: p.token,
        })
      ).json().value.list;
    expect(await accountRecord('game_cashout')).toEqual([
      expect.objectContaining({ type: 'game_cashout', amount: '6.40', reference: `DEMO:${roundId}` }),
    ]);
    expect(await accountRecord('game_win')).toEqual([]);
    // Responsible gaming counts it as a win: 4.00 wagered, 6.40 paid, a net loss of -2.40 today.
    const usage = await t.database.pool.query('SELECT wagered::text, lost::text FROM rg_usage WHERE member_id = $1', [
      p.memberId,
    ]);
    expect(usage.rows).toEqual([{ wagered: '400', lost: '-240' }]);
    // The round is over: no win, no second cash-out; a round never staked cannot be cashed out.
    const again = await call('cashout', { ...cashout, transactionId: next('tx') });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('round_already_settled');
    const win = await call('win', { ...cashout, transactionId: next('tx') });
    expect(win.json().errorCode).toBe('round_already_settled');
    const unknown = await call('cashout', { ...cashout, transactionId: next('tx'), roundId: next('r') });
    expect(unknown.json().errorCode).toBe('round_not_found');
    expect(await walletOf(p.memberId)).toBe(12_40n);
  });
});

describe('void', () => {
  it('a chain win → loss → void leaves the balance, the betting record and the rollups equal to a recomputation', async () => {
    const p = await player('voided', 20_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '4.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '12.00', currency: 'USD' });
    await ok('resettle', { token, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' });
    expect(await walletOf(p.memberId)).toBe(15_00n);
    const voided = { token, transactionId: next('tx'), roundId };
    expect((await replayed('void', voided)).balance).toBe('20.00');
    await t.services.events.drain();
    // Recomputed: the round never happened.
    expect(await walletOf(p.memberId)).toBe(20_00n);
    expect((await roundRecord(roundId))[0]).toMatchObject({ status: 'cancelled', valid_bet: '0', payout: '0' });
    const figures = await t.database.pool.query(
      `SELECT sum(bets)::text AS bets, sum(valid_bets)::text AS valid, sum(payouts)::text AS payouts,
              sum(bet_count)::int AS count FROM agent_daily_rollups WHERE member_id = $1`,
      [p.memberId],
    );
    expect(figures.rows[0]).toEqual({ bets: '0', valid: '0', payouts: '0', count: 0 });
    const report = await t.database.pool.query(
      `SELECT sum(rounds)::int AS rounds, sum(stakes)::text AS stakes, sum(payouts)::text AS payouts
         FROM reports_member_games WHERE member_id = $1`,
      [p.memberId],
    );
    expect(report.rows[0]).toEqual({ rounds: 0, stakes: '0', payouts: '0' });
    // A voided round takes nothing more.
    const again = await call('void', { ...voided, transactionId: next('tx') });
    expect(again.json().errorCode).toBe('round_not_settled');
    expect(
      (await call('resettle', { ...voided, transactionId: next('tx'), amount: '1.00', currency: 'USD' })).json()
        .errorCode,
    ).toBe('round_not_settled');
  });

  it('takes back a win larger than the balance through the debt path, never overdrawing', async () => {
    const p = await player('voiddebt', 5_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '5.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '50.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: next('r'), amount: '45.00', currency: 'USD' });
    // Void: the stake 5.00 back, the win 50.00 taken: 45.00 to take, 5.00 available, 40.00 owed.
    const voided = { token, transactionId: next('tx'), roundId };
    const answer = await replayed('void', voided);
    expect(answer).toMatchObject({ balance: '0.00', debt: '40.00' });
    expect(await walletOf(p.memberId)).toBe(0n);
    expect(await openDebt(p.memberId)).toBe(40_00n);
  });
});

describe('promotional payouts (decision 0126)', () => {
  it('pays a tournament prize once with no bet, after the token expired, shown with its reason in the account record', async () => {
    const p = await player('promoprize', 3_00n);
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() - interval '3 days' WHERE member_id = $1",
      [p.memberId],
    );
    const campaignId = next('cup');
    const prize = {
      token: p.gameToken,
      transactionId: next('tx'),
      campaignId,
      reason: 'tournament',
      amount: '12.50',
      currency: 'USD',
    };
    expect((await replayed('promo', prize)).balance).toBe('15.50');
    expect(await walletOf(p.memberId)).toBe(15_50n);
    const conflict = await call('promo', { ...prize, amount: '13.00' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errorCode).toBe('idempotency_conflict');
    // No round: nothing was staked, so no turnover and no settled-round event.
    expect(await roundRecord(campaignId)).toEqual([]);
    const rounds = await t.database.pool.query('SELECT count(*)::int AS n FROM seamless_rounds WHERE member_id = $1', [
      p.memberId,
    ]);
    expect(rounds.rows[0]).toEqual({ n: 0 });
    const history = (
      await client.send({
        method: 'GET',
        url: '/wps/member/transactions?type=game_promo&range=today',
        moduleId: 'COMM3',
        token: p.token,
      })
    ).json().value;
    expect(history.list).toEqual([
      expect.objectContaining({ type: 'game_promo', amount: '12.50', reference: `DEMO:tournament:${campaignId}` }),
    ]);
  });

  it('collects an open debt from the prize before the member can spend it', async () => {
    const p = await player('promodebt', 5_00n);
    const token = p.gameToken;
    const roundId = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId, amount: '5.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId, amount: '20.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: next('r'), amount: '20.00', currency: 'USD' });
    expect(
      await ok('resettle', { token, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' }),
    ).toMatchObject({ balance: '0.00', debt: '20.00' });
    const spins = {
      token,
      transactionId: next('tx'),
      campaignId: next('fs'),
      reason: 'free_spins',
      amount: '8.00',
      currency: 'USD',
    };
    expect((await replayed('promo', spins)).balance).toBe('0.00');
    expect(await openDebt(p.memberId)).toBe(12_00n);
    expect((await ok('promo', { ...spins, transactionId: next('tx'), amount: '15.00' })).balance).toBe('3.00');
    expect(await openDebt(p.memberId)).toBe(0n);
    expect(await walletOf(p.memberId)).toBe(3_00n);
  });

  it('refuses a zero or malformed amount, an unknown reason, another currency or an unknown token, writing nothing', async () => {
    const p = await player('promorefused', 1_00n);
    const base = { token: p.gameToken, campaignId: next('cup'), reason: 'prize_drop', currency: 'USD' };
    const zero = await call('promo', { ...base, transactionId: next('tx'), amount: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'amount', code: 'amount_not_positive' }],
    });
    const precise = await call('promo', { ...base, transactionId: next('tx'), amount: '1.001' });
    expect(precise.json().fieldErrors).toEqual([{ path: 'amount', code: 'amount_too_precise' }]);
    const reason = await call('promo', { ...base, transactionId: next('tx'), amount: '1.00', reason: 'gift' });
    expect(reason.json().errorCode).toBe('validation_failed');
    const missing = await call('promo', { token: p.gameToken, transactionId: next('tx'), amount: '1.00' });
    expect(missing.json().errorCode).toBe('validation_failed');
    const currency = await call('promo', { ...base, transactionId: next('tx'), amount: '1.00', currency: 'EUR' });
    expect(currency.json().errorCode).toBe('currency_mismatch');
    const stranger = await call('promo', {
      ...base,
      token: 'no-such-token',
      transactionId: next('tx'),
      amount: '1.00',
    });
    expect(stranger.json().errorCode).toBe('game_token_invalid');
    expect(await walletOf(p.memberId)).toBe(1_00n);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM seamless_transactions WHERE member_id = $1 AND kind = 'promo'",
      [p.memberId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe("the back office's provider rounds (decision 0127)", () => {
  it('lists open rounds oldest first with their totals by provider, and shows a round with every call and its debts', async () => {
    const p = await player('roundsview', 10_00n);
    const token = p.gameToken;
    const stale = next('r');
    const fresh = next('r');
    const settled = next('r');
    await ok('bet', { token, transactionId: next('tx'), roundId: stale, amount: '1.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: stale, amount: '0.50', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: fresh, amount: '2.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: settled, amount: '3.00', currency: 'USD' });
    await ok('win', { token, transactionId: next('tx'), roundId: settled, amount: '9.00', currency: 'USD' });
    await ok('bet', { token, transactionId: next('tx'), roundId: next('r'), amount: '12.50', currency: 'USD' });
    const resettled = { token, transactionId: next('tx'), roundId: settled, amount: '1.00', currency: 'USD' };
    expect(await ok('resettle', resettled)).toMatchObject({ balance: '0.00', debt: '8.00' });
    // The stale round was opened two days ago: a provider that never sent its result.
    await t.database.pool.query(
      "UPDATE seamless_rounds SET created_at = now() - interval '2 days' WHERE provider = 'DEMO' AND round_id = $1",
      [stale],
    );
    await merchantLikeDemo(t, 'roundsother');
    // Operators of their own (the debts test above signed in the shared ones).
    const owner = await t.operatorToken();
    const tokens: Record<string, string> = {};
    for (const [name, role, merchantCode] of [
      ['roundsSupport', 'support', 'demo'],
      ['roundsOtherOwner', 'owner', 'roundsother'],
    ] as const) {
      const created = await t.request({
        method: 'POST',
        url: '/api/admin/operators',
        headers: { authorization: owner },
        payload: { username: name, displayName: name, password: 'Operator-Pass-1', role, merchantCode },
      });
      expect(created.json().success).toBe(true);
      tokens[name] = await t.operatorToken(name, 'Operator-Pass-1');
    }
    const get = (as: string, path: string, code = 'demo') =>
      t.request({
        method: 'GET',
        url: `/api/admin/merchants/${code}/seamless-rounds${path}`,
        headers: { authorization: tokens[as] ?? '' },
      });

    const open = (await get('roundsSupport', '?provider=DEMO&pageSize=200')).json().value;
    const mine = open.list.filter((round: { memberId: string }) => round.memberId === p.memberId);
    expect(mine.map((round: { roundId: string }) => round.roundId)).toEqual([stale, fresh, expect.any(String)]);
    expect(mine[0]).toMatchObject({ account: 'roundsview', status: 'open', stakes: '1.50', payouts: '0.00' });
    const created = open.list.map((round: { createdAt: string }) => Date.parse(round.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(open.openByProvider).toContainEqual(expect.objectContaining({ provider: 'DEMO', currency: 'USD' }));
    const stalest = (await get('roundsSupport', '?olderThanHours=24&pageSize=200')).json().value.list;
    expect(stalest.map((round: { roundId: string }) => round.roundId)).toContain(stale);
    expect(stalest.map((round: { roundId: string }) => round.roundId)).not.toContain(fresh);
    const all = (await get('roundsSupport', '?status=all&pageSize=200')).json().value.list;
    expect(all.find((round: { roundId: string }) => round.roundId === settled)).toMatchObject({
      status: 'settled',
      stakes: '3.00',
      payouts: '1.00',
    });

    const history = (await get('roundsSupport', `/DEMO/${settled}`)).json().value;
    expect(history.round).toMatchObject({ roundId: settled, status: 'settled', account: 'roundsview' });
    expect(history.calls.map((c: { kind: string; amount: string }) => [c.kind, c.amount])).toEqual([
      ['bet', '3.00'],
      ['win', '9.00'],
      ['resettle', '1.00'],
    ]);
    expect(history.calls[2]).toMatchObject({ transactionId: resettled.transactionId, balanceAfter: '0.00' });
    // The bet and the win moved money; the resettlement found nothing available and left it all as a debt.
    expect(history.calls.map((c: { ledgerTransactionId: string | null }) => c.ledgerTransactionId !== null)).toEqual([
      true,
      true,
      false,
    ]);
    expect(history.debts).toEqual([
      expect.objectContaining({ transactionId: resettled.transactionId, amount: '8.00', outstanding: '8.00' }),
    ]);

    // Another merchant's operator, and unknown rounds, learn nothing; bad filters are refused.
    expect((await get('roundsOtherOwner', '')).json().errorCode).toBe('not_found');
    expect((await get('roundsOtherOwner', `/DEMO/${settled}`, 'roundsother')).json().errorCode).toBe('not_found');
    expect((await get('roundsSupport', `/DEMO/${next('r')}`)).json().errorCode).toBe('not_found');
    expect((await get('roundsOtherOwner', '', 'roundsother')).json().value.list).toEqual([]);
    for (const query of ['?status=nope', '?olderThanHours=-1', '?provider=demo%20x']) {
      const refused = await get('roundsSupport', query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorCode).toBe('validation_failed');
    }
  });
});

describe("rounds closed after the provider's round timeout (decision 0128)", () => {
  /** Makes a round's last call `hours` old, as if the provider had sent nothing since. */
  const lastCallAgo = (roundId: string, hours: number) =>
    t.database.pool.query(
      `UPDATE seamless_rounds SET updated_at = now() - make_interval(hours => $2), created_at = now() - make_interval(hours => $2)
        WHERE provider = 'DEMO' AND round_id = $1`,
      [roundId, hours],
    );
  const roundRow = async (roundId: string) =>
    (
      await t.database.pool.query<{ status: string; win_total: string; timed_out_at: Date | null }>(
        "SELECT status, win_total::text, timed_out_at FROM seamless_rounds WHERE provider = 'DEMO' AND round_id = $1",
        [roundId],
      )
    ).rows[0];
  const closeStale = () => t.services.seamless.closeStaleRounds(t.services.providers.roundTimeouts());
  const ledgerOfRound = async (roundId: string) =>
    (
      await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1',
        [`DEMO:${roundId}`],
      )
    ).rows[0]?.n;

  it('closes a stale round once with no win, leaves a fresh one open, and refuses a late win without moving money', async () => {
    expect(t.services.providers.roundTimeouts()).toEqual([{ provider: 'DEMO', hours: 24 }]);
    const p = await player('timeoutone', 20_00n);
    const token = p.gameToken;
    const stale = next('r');
    const fresh = next('r');
    const bets = [stale, stale, fresh].map((roundId) => ({
      token,
      transactionId: next('tx'),
      roundId,
      amount: '2.00',
      currency: 'USD',
    }));
    for (const bet of bets) await ok('bet', bet);
    await lastCallAgo(stale, 25);
    // Opened long ago but called within the timeout: a sports bet still waiting for its match.
    await lastCallAgo(fresh, 23);
    const movementsBefore = await ledgerOfRound(stale);

    expect(await closeStale()).toBeGreaterThanOrEqual(1);
    expect(await roundRow(stale)).toMatchObject({ status: 'settled', win_total: '0', timed_out_at: expect.any(Date) });
    expect(await roundRow(fresh)).toMatchObject({ status: 'open', timed_out_at: null });
    // Settled as a lost round, exactly as a provider's win of 0 closing it: one settled-round event, no money moved.
    expect(await roundRecord(stale)).toEqual([
      expect.objectContaining({ bet_amount: '400', valid_bet: '400', payout: '0', status: 'settled' }),
    ]);
    expect((await roundRecord(fresh))[0]).toMatchObject({ status: 'open' });
    expect(await ledgerOfRound(stale)).toBe(movementsBefore);
    expect(await walletOf(p.memberId)).toBe(14_00n);

    // Run again: nothing more happens to it, and still one event.
    await closeStale();
    const events = await settledEvents(stale);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ betAmount: '400', validBet: '400', payout: '0', memberId: p.memberId });
    expect(await settledEvents(fresh)).toEqual([]);

    // The provider's result arrives after all: refused as for any settled round, and nothing is posted.
    const lateWin = { token, transactionId: next('tx'), roundId: stale, amount: '10.00', currency: 'USD' };
    const refused = await call('win', lateWin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('round_already_settled');
    expect(await ledgerCount(`seamless:DEMO:${lateWin.transactionId}`)).toBe(0);
    const lateBet = await call('bet', {
      token,
      transactionId: next('tx'),
      roundId: stale,
      amount: '1.00',
      currency: 'USD',
    });
    expect(lateBet.json().errorCode).toBe('round_already_settled');
    const lateCashout = await call('cashout', { ...lateWin, transactionId: next('tx') });
    expect(lateCashout.json().errorCode).toBe('round_already_settled');
    const lateRollback = await call('rollback', {
      token,
      transactionId: next('tx'),
      roundId: stale,
      referenceTransactionId: bets[0]?.transactionId,
    });
    expect(lateRollback.json().errorCode).toBe('round_already_settled');
    expect(await ledgerOfRound(stale)).toBe(movementsBefore);
    expect(await walletOf(p.memberId)).toBe(14_00n);
    expect(await settledEvents(stale)).toHaveLength(1);

    // The fresh round settles normally once its provider calls.
    await ok('win', { token, transactionId: next('tx'), roundId: fresh, amount: '3.00', currency: 'USD' });
    expect(await roundRow(fresh)).toMatchObject({ status: 'settled', win_total: '300', timed_out_at: null });

    // The back office's round page says it was closed by the timeout.
    const view = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/demo/seamless-rounds/DEMO/${stale}`,
      headers: { authorization: await t.operatorToken() },
    });
    expect(view.json().value.round).toMatchObject({
      status: 'settled',
      payouts: '0.00',
      timedOutAt: expect.any(String),
    });
    expect(view.json().value.calls.map((c: { kind: string }) => c.kind)).toEqual(['bet', 'bet']);
  });

  it('closes each stale round once when two runs go at once, in batches, skipping a round a call is holding', async () => {
    const p = await player('timeoutmany', 40_00n);
    const rounds = Array.from({ length: 12 }, () => next('r'));
    for (const roundId of rounds) {
      await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
      await lastCallAgo(roundId, 30);
    }
    const [held, ...others] = rounds as [string, ...string[]];
    // A provider's call under way holds the round's row: the job leaves it for a later run.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM seamless_rounds WHERE provider = 'DEMO' AND round_id = $1 FOR UPDATE", [held]);
      const batch = await t.services.seamless.closeStaleRounds([{ provider: 'DEMO', hours: 24 }], 4);
      expect(batch).toBe(4);
      const runs = await Promise.all([
        t.database.pool.query<{ round_id: string }>(
          "SELECT round_id FROM seamless_close_stale('DEMO', interval '24 hours', 100)",
        ),
        t.database.pool.query<{ round_id: string }>(
          "SELECT round_id FROM seamless_close_stale('DEMO', interval '24 hours', 100)",
        ),
      ]);
      const closed = runs.flatMap((run) => run.rows.map((row) => row.round_id)).filter((id) => rounds.includes(id));
      // Two runs at once: the rounds the first batch left, each closed by exactly one of them.
      expect(closed).toHaveLength(others.length - 4);
      expect(new Set(closed).size).toBe(closed.length);
      expect(await roundRow(held)).toMatchObject({ status: 'open' });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await Promise.all([closeStale(), closeStale()]);
    for (const roundId of rounds) {
      expect(await roundRow(roundId)).toMatchObject({ status: 'settled', timed_out_at: expect.any(Date) });
      expect(await settledEvents(roundId)).toHaveLength(1);
    }
    // No money moved: the stakes stay taken, as for any lost round.
    expect(await walletOf(p.memberId)).toBe(28_00n);
  });

  it("closes a merchant's rounds by the timeout its games manager set, refusing bad values and other roles", async () => {
    const owner = await t.operatorToken();
    const tokens: Record<string, string> = {};
    for (const [name, role] of [
      ['timeoutContent', 'content'],
      ['timeoutFinance', 'finance'],
    ] as const) {
      const created = await t.request({
        method: 'POST',
        url: '/api/admin/operators',
        headers: { authorization: owner },
        payload: { username: name, displayName: name, password: 'Operator-Pass-1', role, merchantCode: 'demo' },
      });
      expect(created.json().success).toBe(true);
      tokens[name] = await t.operatorToken(name, 'Operator-Pass-1');
    }
    const providers = async (as = 'timeoutFinance') =>
      (
        await t.request({
          method: 'GET',
          url: '/api/admin/merchants/demo/seamless-providers',
          headers: { authorization: tokens[as] ?? '' },
        })
      ).json().value.list;
    const put = (as: string, payload: object, provider = 'DEMO') =>
      t.request({
        method: 'PUT',
        url: `/api/admin/merchants/demo/seamless-providers/${provider}`,
        headers: { authorization: tokens[as] ?? '' },
        payload,
      });
    const audits = async () =>
      (
        await t.database.pool.query<{ target: string; details: unknown }>(
          "SELECT target, details FROM audit_log WHERE action = 'games.provider_update' ORDER BY id",
        )
      ).rows;
    const defaults = [
      {
        code: 'DEMO',
        name: 'Tessera demo provider',
        roundTimeoutHours: 24,
        defaultRoundTimeoutHours: 24,
        isDefault: true,
        updatedAt: null,
      },
    ];
    expect(await providers()).toEqual(defaults);

    // Finance reads the timeout but may not change it; bad values are refused field by field; nothing changes.
    const forbidden = await put('timeoutFinance', { roundTimeoutHours: 2 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorCode).toBe('forbidden');
    for (const [value, code] of [
      [0, 'field_too_small'],
      [721, 'field_too_large'],
      [1.5, 'field_invalid'],
      ['2', 'field_invalid'],
    ] as const) {
      const refused = await put('timeoutContent', { roundTimeoutHours: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errorCode: 'validation_failed',
        fieldErrors: [expect.objectContaining({ path: 'roundTimeoutHours', code })],
      });
    }
    expect((await put('timeoutContent', { roundTimeoutHours: 2 }, 'NOPE')).json().errorCode).toBe('not_found');
    expect(await providers()).toEqual(defaults);
    expect(await audits()).toEqual([]);

    const saved = await put('timeoutContent', { roundTimeoutHours: 2 });
    expect(saved.json().value).toMatchObject({ code: 'DEMO', roundTimeoutHours: 2, isDefault: false });
    expect(await providers()).toEqual([
      expect.objectContaining({ roundTimeoutHours: 2, defaultRoundTimeoutHours: 24, isDefault: false }),
    ]);
    expect(await audits()).toEqual([
      {
        target: 'DEMO',
        details: { defaultRoundTimeoutHours: 24, before: { roundTimeoutHours: null }, after: { roundTimeoutHours: 2 } },
      },
    ]);

    // The job closes this merchant's rounds by 2 hours now: a round quiet for 3 hours closes, one for 1 hour stays.
    const p = await player('timeoutset', 10_00n);
    const [quiet, recent] = [next('r'), next('r')];
    for (const roundId of [quiet, recent]) {
      await ok('bet', { token: p.gameToken, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
    }
    await lastCallAgo(quiet, 3);
    await lastCallAgo(recent, 1);
    await closeStale();
    expect(await roundRow(quiet)).toMatchObject({ status: 'settled', timed_out_at: expect.any(Date) });
    expect(await roundRow(recent)).toMatchObject({ status: 'open', timed_out_at: null });

    // Back to the provider's default: a round quiet for 3 hours stays open again.
    const reset = await put('timeoutContent', { roundTimeoutHours: null });
    expect(reset.json().value).toMatchObject({ roundTimeoutHours: 24, isDefault: true, updatedAt: null });
    await lastCallAgo(recent, 3);
    await closeStale();
    expect(await roundRow(recent)).toMatchObject({ status: 'open', timed_out_at: null });
    expect((await audits()).at(-1)).toEqual({
      target: 'DEMO',
      details: { defaultRoundTimeoutHours: 24, before: { roundTimeoutHours: 2 }, after: { roundTimeoutHours: null } },
    });
  });
});
