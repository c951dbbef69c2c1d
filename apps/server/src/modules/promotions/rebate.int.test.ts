import { randomUUID } from 'node:crypto';
import { sealPayload } from '@tessera/client-crypto';
import { type GameCategory, gameCategories, type RebateClaim, type RebateOverview } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo } from '../../../test/back-office';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { gamePlayers } from '../../../test/game-players';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';
import { reconcileLedger } from '../ledger';

/**
 * Manual rebate end to end on real PostgreSQL: rounds rebated once across collections, rounds settling late,
 * open and cancelled rounds, concurrent collections, the minimum, trial accounts, merchants kept apart.
 * The demo merchant's seeded settings: INHOUSE 1 %, RNG 0.8 %, LIVE 0.6 %, ... minimum 0.50, maximum 1,000.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;

const api = (method: 'GET' | 'POST', url: string, token: string, headers: Record<string, string> = {}) =>
  client.send({
    method,
    url,
    moduleId: 'MANUALREBATE3',
    token,
    headers,
    ...(method === 'POST' ? { payload: {} } : {}),
  });
const overview = async (token: string) =>
  (await api('GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType', token)).json();
const collect = (token: string) => api('POST', '/wps/rebate/collect', token);
const claims = async (token: string) => (await api('GET', '/wps/rebate/claims?pageSize=50', token)).json();

/** A round of the betting record, as a game source writes it (no money: the rebate reads only the record). */
const round = (memberId: string, gameType: GameCategory, merchantCode = 'demo', currency = 'USD') => {
  const key = { source: 'test', provider: 'rebate-test', roundRef: randomUUID() };
  const base = { ...key, merchantCode, memberId, gameId: 1, gameType, vendorCode: 'TEST', currency };
  return {
    key,
    settled: (betAmount: bigint, payout = 0n) => t.services.bets.recordSettledRound({ ...base, betAmount, payout }),
    open: (amount: bigint) => t.services.bets.recordBet({ ...base, amount }),
    settle: (payout = 0n) => t.services.bets.recordPayout(key, payout, { close: true }),
    refund: (amount: bigint) => t.services.bets.recordRefund(key, amount),
  };
};

const balanceOf = async (memberId: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberId, wallet: 'main' },
    })
  ).balance;

/** Everything a refused collection must leave alone. */
const snapshot = async (memberId: string) => ({
  marked: (
    await t.database.pool.query('SELECT id::text, rebate_claim_id FROM bet_rounds WHERE member_id = $1 ORDER BY id', [
      memberId,
    ])
  ).rows,
  claims: (await t.database.pool.query('SELECT count(*)::int AS n FROM rebate_claims WHERE member_id = $1', [memberId]))
    .rows[0].n as number,
  ledger: (await t.database.pool.query("SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'rebate'"))
    .rows[0].n as number,
  balance: await balanceOf(memberId),
});

let member: { memberId: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  member = await fundedMember(t, client, 'rebater', 10_000n);
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('what collecting now would pay', () => {
  it('lists each rebated category with its turnover not yet rebated, the rate and the rebate, and marks nothing', async () => {
    const fresh = await overview(member.token);
    expect(fresh.success).toBe(true);
    const empty = fresh.value as RebateOverview;
    expect(empty).toMatchObject({
      currency: 'USD',
      minimum: '0.50',
      maximum: '1000.00',
      total: '0.00',
      payable: '0.00',
      canCollect: false,
      blockedBy: 'rebate_below_minimum',
    });
    // Every category of the catalogue has a demo rate.
    expect(empty.categories.map((row) => row.productType)).toEqual([...gameCategories]);

    await round(member.memberId, 'LIVE').settled(12_345n, 20_000n); // 123.45 at 0.6 % = 0.7407
    await round(member.memberId, 'LIVE').settled(10_000n); // + 100.00: 223.45 at 0.6 % = 1.3407 → 1.34
    await round(member.memberId, 'INHOUSE').settled(5_000n); // 50.00 at 1 % = 0.50
    const before = await snapshot(member.memberId);
    const view = (await overview(member.token)).value as RebateOverview;
    expect(view.categories.find((row) => row.productType === 'LIVE')).toEqual({
      productType: 'LIVE',
      rate: '0.60',
      validBet: '223.45',
      rebate: '1.34',
    });
    expect(view.categories.find((row) => row.productType === 'INHOUSE')).toMatchObject({
      rate: '1.00',
      validBet: '50.00',
      rebate: '0.50',
    });
    expect(view).toMatchObject({
      validBet: '273.45',
      total: '1.84',
      payable: '1.84',
      canCollect: true,
      blockedBy: null,
    });
    expect(await snapshot(member.memberId)).toEqual(before);
  });
});

describe('collecting', () => {
  it('pays what the preview showed from the promotions account, records the claim and marks the rounds', async () => {
    const before = await balanceOf(member.memberId);
    const response = await collect(member.token);
    expect(response.json().success).toBe(true);
    const claim = response.json().value as RebateClaim;
    expect(claim).toMatchObject({ currency: 'USD', amount: '1.84', total: '1.84', validBet: '273.45', roundCount: 3 });
    expect(claim.categories).toEqual([
      { productType: 'INHOUSE', rate: '1.00', validBet: '50.00', rebate: '0.50', roundCount: 1 },
      { productType: 'LIVE', rate: '0.60', validBet: '223.45', rebate: '1.34', roundCount: 2 },
    ]);
    expect(await balanceOf(member.memberId)).toBe(before + 184n);

    const [stored] = (
      await t.database.pool.query(
        `SELECT c.amount::text, c.ledger_transaction_id::text AS tx, l.type, l.idempotency_key, l.reference
         FROM rebate_claims c JOIN ledger_transactions l ON l.id = c.ledger_transaction_id WHERE c.id = $1`,
        [claim.id],
      )
    ).rows;
    expect(stored).toMatchObject({
      amount: '184',
      type: 'rebate',
      idempotency_key: `rebate:${claim.id}`,
      reference: claim.id,
    });
    const postings = (
      await t.database.pool.query(
        `SELECT a.owner_type, a.owner_id, p.amount::text FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transaction_id = $1 ORDER BY p.amount`,
        [stored.tx],
      )
    ).rows;
    expect(postings).toEqual([
      { owner_type: 'house', owner_id: 'promotions', amount: '-184' },
      { owner_type: 'member', owner_id: member.memberId, amount: '184' },
    ]);
    const marked = (
      await t.database.pool.query('SELECT count(*)::int AS n FROM bet_rounds WHERE rebate_claim_id = $1', [claim.id])
    ).rows[0].n;
    expect(marked).toBe(3);

    const after = (await overview(member.token)).value as RebateOverview;
    expect(after).toMatchObject({
      validBet: '0.00',
      total: '0.00',
      canCollect: false,
      blockedBy: 'rebate_below_minimum',
    });
    const list = (await claims(member.token)).value;
    expect(list).toMatchObject({ totalCount: 1, pageNo: 1, totalPages: 1 });
    expect(list.list[0]).toEqual(claim);
  });

  it('refuses below the minimum with its own code and changes nothing', async () => {
    await round(member.memberId, 'RNG').settled(6_000n); // 60.00 at 0.8 % = 0.48 < 0.50
    const before = await snapshot(member.memberId);
    const response = await collect(member.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'rebate_below_minimum' });
    expect(await snapshot(member.memberId)).toEqual(before);
    expect(((await overview(member.token)).value as RebateOverview).total).toBe('0.48');
  });

  it('rebates each round once across collections, and a round settling after one is taken by the next', async () => {
    // Placed before the next collection, settled after it: commit order is not the order rounds were placed.
    const late = round(member.memberId, 'RNG');
    await late.open(50_000n);
    await round(member.memberId, 'RNG').settled(1_000n); // with the 60.00 above: 70.00 at 0.8 % = 0.56
    const first = (await collect(member.token)).json();
    expect(first.value).toMatchObject({ amount: '0.56', validBet: '70.00', roundCount: 2 });

    await late.settle(0n); // 500.00 at 0.8 % = 4.00
    const second = (await collect(member.token)).json();
    expect(second.value).toMatchObject({ amount: '4.00', validBet: '500.00', roundCount: 1 });

    const rows = (
      await t.database.pool.query('SELECT rebate_claim_id FROM bet_rounds WHERE member_id = $1 AND status = $2', [
        member.memberId,
        'settled',
      ])
    ).rows;
    expect(rows.every((row) => row.rebate_claim_id !== null)).toBe(true);
    // The sum of what the claims took is exactly the settled turnover, so no round counted twice.
    const [sums] = (
      await t.database.pool.query(
        `SELECT (SELECT sum(valid_bet) FROM bet_rounds WHERE member_id = $1)::text AS rounds,
                (SELECT sum(valid_bet) FROM rebate_claims WHERE member_id = $1)::text AS claimed`,
        [member.memberId],
      )
    ).rows;
    expect(sums.claimed).toBe(sums.rounds);
    expect((await collect(member.token)).json().errorCode).toBe('rebate_below_minimum');
  });

  it('counts neither open nor cancelled rounds', async () => {
    const { memberId, token } = await fundedMember(t, client, 'rebateopen', 1n);
    await round(memberId, 'INHOUSE').open(100_000n);
    const cancelled = round(memberId, 'INHOUSE');
    await cancelled.open(100_000n);
    await cancelled.refund(100_000n);
    expect((await overview(token)).value).toMatchObject({ validBet: '0.00', blockedBy: 'rebate_below_minimum' });
    expect((await collect(token)).json().errorCode).toBe('rebate_below_minimum');
    const [cancelledRow] = (
      await t.database.pool.query('SELECT status, rebate_claim_id FROM bet_rounds WHERE round_ref = $1', [
        cancelled.key.roundRef,
      ])
    ).rows;
    expect(cancelledRow).toEqual({ status: 'cancelled', rebate_claim_id: null });
  });

  it('pays once when the same member collects several times at the same moment', async () => {
    const { memberId, token } = await fundedMember(t, client, 'rebaterace', 1n);
    for (let i = 0; i < 8; i += 1) await round(memberId, 'INHOUSE').settled(10_000n); // 8 × 1.00
    const before = await balanceOf(memberId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => collect(token)));
    const codes = answers.map((answer) => answer.json().errorCode ?? 'ok').sort();
    expect(codes).toEqual([
      'ok',
      'rebate_below_minimum',
      'rebate_below_minimum',
      'rebate_below_minimum',
      'rebate_below_minimum',
    ]);
    expect(await balanceOf(memberId)).toBe(before + 800n);
    const stored = (
      await t.database.pool.query('SELECT amount::text FROM rebate_claims WHERE member_id = $1', [memberId])
    ).rows;
    expect(stored).toEqual([{ amount: '800' }]);
    const report = await reconcileLedger(t.database.pool);
    expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  });

  it('pays at most the maximum per collection and keeps what the rounds came to', async () => {
    const { memberId, token } = await fundedMember(t, client, 'rebatecap', 1n);
    await round(memberId, 'INHOUSE').settled(12_000_000n); // 120,000.00 at 1 % = 1,200.00 > 1,000.00
    const view = (await overview(token)).value as RebateOverview;
    expect(view).toMatchObject({ total: '1200.00', payable: '1000.00', isCapped: true, canCollect: true });
    const claim = (await collect(token)).json().value as RebateClaim;
    expect(claim).toMatchObject({ amount: '1000.00', total: '1200.00' });
    expect((await overview(token)).value).toMatchObject({ total: '0.00' });
  });

  it('limits how often one member may try', async () => {
    const { memberId, token } = await fundedMember(t, client, 'rebatespam', 1n);
    const before = await snapshot(memberId);
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await collect(token)).json().errorCode);
    expect(codes.slice(0, 6).every((code) => code === 'rebate_below_minimum')).toBe(true);
    expect(codes[6]).toBe('too_many_requests');
    expect(await snapshot(memberId)).toEqual(before);
  });
});

describe('who may', () => {
  it('refuses a trial account with the real-account answer, and a visitor', async () => {
    const { trialToken } = await gamePlayers(t, client, ['rebatea', 'rebateb']);
    for (const answer of [
      await api('GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType', trialToken),
      await collect(trialToken),
      await api('GET', '/wps/rebate/claims', trialToken),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().errorCode).toBe('in_need_true_account');
    }
    expect((await collect('')).json().errorCode).toBe('login.not.session');
  });

  it('needs the MANUALREBATE3 module id, and the module on in the merchant’s feature tree', async () => {
    const wrongModule = await client.send({
      method: 'POST',
      url: '/wps/rebate/collect',
      moduleId: 'COMM3',
      token: member.token,
      payload: {},
    });
    expect(wrongModule.json().errorCode).toBe('module_id_unknown');

    const demo = await t.services.merchants.resolve({ code: 'demo', host: '' });
    await merchantLikeDemo(t, 'norebate', {
      whitelabel: demo.settings.whitelabel.filter((node) => node.modId !== 'MANUALREBATE3'),
    });
    const off = await client.send({
      method: 'GET',
      url: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
      moduleId: 'MANUALREBATE3',
      headers: { merchant: 'norebate' },
    });
    expect(off.json().errorCode).toBe('function.not.available');
  });

  it('shows each merchant its own rates and rounds, and takes no round of a category without a rate', async () => {
    const yen = await merchantLikeDemo(t, 'yen', { currency: 'JPY' });
    await t.services.rebate.updateSettings(
      yen,
      {
        ratesPpm: {
          INHOUSE: 0,
          RNG: 20_000,
          LIVE: 0,
          FISH: 0,
          PVP: 0,
          SPORTS: 0,
          ESPORTS: 0,
          COCKFIGHT: 0,
          ELOTT: 0,
          LOTT: 0,
        },
        minimum: 100n,
        maximum: null,
      },
      async () => {},
    );
    const created = await t.services.members.create({
      merchantCode: 'yen',
      username: 'yenrebater',
      account: 'yenrebater',
      nickname: 'yenrebater',
      passwordHash: await hashPassword('Secret123'),
    });
    if (!('row' in created)) throw new Error('member not created');
    const key = await client.payloadKey();
    const login = await client.send({
      method: 'POST',
      url: '/wps/session/login',
      moduleId: 'COMM3',
      headers: { merchant: 'yen' },
      payload: sealPayload(key, 'POST', '/wps/session/login', {
        username: 'yenrebater',
        password: 'Secret123',
        botCheck: await client.botCheck(),
      }) as never,
    });
    const yenToken = login.json().value.token as string;
    await round(created.row.id, 'RNG', 'yen', 'JPY').settled(10_000n); // ¥10,000 at 2 % = ¥200
    // A round recorded in another currency is not this merchant's turnover.
    await round(created.row.id, 'RNG', 'yen', 'USD').settled(10_000n);
    const unrated = round(created.row.id, 'LIVE', 'yen', 'JPY');
    await unrated.settled(50_000n);

    const answer = (
      await api('GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType', yenToken, { merchant: 'yen' })
    ).json();
    expect(answer.value).toMatchObject({
      currency: 'JPY',
      minimum: '100',
      maximum: null,
      categories: [{ productType: 'RNG', rate: '2.00', validBet: '10000', rebate: '200' }],
      payable: '200',
    });
    const claim = (await api('POST', '/wps/rebate/collect', yenToken, { merchant: 'yen' })).json().value;
    expect(claim).toMatchObject({ currency: 'JPY', amount: '200', validBet: '10000', roundCount: 1 });
    const [live] = (
      await t.database.pool.query('SELECT rebate_claim_id FROM bet_rounds WHERE round_ref = $1', [unrated.key.roundRef])
    ).rows;
    expect(live.rebate_claim_id).toBeNull();
    // The demo member sees the demo's rates, and none of the yen member's rounds.
    const demoView = (await overview(member.token)).value as RebateOverview;
    expect(demoView.categories.find((row) => row.productType === 'RNG')?.rate).toBe('0.80');
    // A session of one merchant is not one of another.
    const crossed = await api('GET', '/wps/relay/MCSFE_getCustomerRebateSettingByProductType', member.token, {
      merchant: 'yen',
    });
    expect(crossed.json().success).toBe(false);
  });
});
