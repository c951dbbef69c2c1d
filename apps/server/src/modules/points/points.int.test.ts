import { randomUUID } from 'node:crypto';
import type { GameCategory } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsTestKit } from '../../../test/points';
import { emit } from '../../platform/events';
import { pointsForBet } from './points.rules';

/**
 * Points on the real PostgreSQL (decision 0059): earned once per settled round and credited deposit at the demo's
 * rates (10 points per 100.00 of valid bet, 20 per 100.00 deposited), converted at 10 points per 1.00 with the
 * withdraw password, spent in the mall without overselling, rejected redemptions refunded once.
 */

const suite = pointsTestKit();
const { kit, members, tokenOf, idOf, admin, mainWallet } = suite;
/** A demo member with the withdraw password and 0.01 in the main wallet unless told. */
const newMember = (name: string, funds = 0n) => suite.newMember(name, funds > 0n ? funds : 1n);

const get = async (as: string, url: string) =>
  (await kit.client.send({ method: 'GET', url, moduleId: 'PTSYS3', token: tokenOf(as) })).json();
const balanceOf = async (as: string): Promise<bigint> =>
  BigInt((await get(as, '/wps/relay/MCS2_getPointBalance')).value.points);
const sealed = (as: string, url: string, body: unknown) =>
  kit.client.sealed('POST', url, body, { moduleId: 'PTSYS3', token: tokenOf(as) });
const convert = (as: string, points: string, extra: Record<string, unknown> = {}) =>
  sealed(as, '/wps/relay/passwordCheck/MCS2_convertPoint', {
    requestId: randomUUID(),
    points,
    withdrawPassword: 'Payout99',
    ...extra,
  });
const redeem = (as: string, itemId: string, extra: Record<string, unknown> = {}) =>
  sealed(as, '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
    requestId: randomUUID(),
    itemId,
    quantity: 1,
    withdrawPassword: 'Payout99',
    ...extra,
  });

const bet = (as: string, gameType: GameCategory | 'UNKNOWN', minor: bigint) =>
  kit.t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId: idOf(as),
    source: 'test',
    provider: 'points-test',
    roundRef: randomUUID(),
    gameId: 1,
    gameType: gameType as GameCategory,
    vendorCode: 'TEST',
    currency: 'USD',
    betAmount: minor,
    payout: 0n,
  });
const adjust = async (as: string, points: string, reason = 'test top-up') => {
  const answer = await admin('POST', `/members/${idOf(as)}/adjustments`, { requestId: randomUUID(), points, reason });
  expect(answer.json().success, answer.body).toBe(true);
};
const createItem = async (values: Record<string, unknown>) => {
  const answer = await admin('POST', '/items', {
    kind: 'cash',
    names: { EN: 'Voucher' },
    images: {},
    pointsRequired: '10',
    amountRequired: '0',
    cashValue: '1.00',
    quantity: 10,
    perMemberLimit: 5,
    startsAt: null,
    endsAt: null,
    enabled: true,
    ...values,
  });
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string; availableQuantity: number };
};
const entriesOf = async (memberId: string) =>
  (
    await kit.t.database.pool.query<{ type: string; delta: string; source_key: string }>(
      'SELECT type, delta::text, source_key FROM points_entries WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
  ).rows;

beforeAll(suite.start);
afterAll(suite.close);

describe('earning', () => {
  it('credits points once per settled round at its category rate, and replaying the events changes nothing', async () => {
    await newMember('ptsearn');
    await bet('ptsearn', 'LIVE', 25_000n); // 250.00 → 25 points
    await bet('ptsearn', 'INHOUSE', 1_999n); // 19.99 → 1 point (floored per round)
    await bet('ptsearn', 'SPORTS', 99n); // 0.99 → 0 points: no entry
    await bet('ptsearn', 'UNKNOWN', 100_000n); // no category: no points
    await kit.t.services.events.drain();
    expect(await balanceOf('ptsearn')).toBe(26n);
    expect((await entriesOf(idOf('ptsearn'))).map((entry) => [entry.type, entry.delta])).toEqual([
      ['live', '25'],
      ['inhouse', '1'],
    ]);

    await kit.t.services.events.replay('points.bets', 0n);
    await kit.t.services.events.drain();
    expect(await balanceOf('ptsearn')).toBe(26n);
    expect(await entriesOf(idOf('ptsearn'))).toHaveLength(2);
  });

  it('equals a recomputation from the settled rounds (no drift)', async () => {
    await newMember('ptsdrift');
    const amounts = [1n, 99n, 100n, 101n, 1_234n, 9_999n, 10_000n, 123_456n, 7n, 55_555n];
    const kinds: GameCategory[] = [
      'LIVE',
      'RNG',
      'PVP',
      'LOTT',
      'SPORTS',
      'INHOUSE',
      'FISH',
      'ESPORTS',
      'ELOTT',
      'COCKFIGHT',
    ];
    for (const [index, amount] of amounts.entries()) await bet('ptsdrift', kinds[index] ?? 'RNG', amount);
    await kit.t.services.events.drain();
    const { rows } = await kit.t.database.pool.query<{
      payload: { gameType: string; validBet: string; currency: string };
    }>(`SELECT payload FROM events WHERE name = 'bet.settled' AND payload->>'memberId' = $1`, [idOf('ptsdrift')]);
    const { rates } = await kit.t.services.points.rules({ code: 'demo' } as never);
    const recomputed = rows.reduce(
      (sum, { payload }) =>
        sum + (pointsForBet(rates, { ...payload, validBet: BigInt(payload.validBet) })?.points ?? 0n),
      0n,
    );
    expect(rows).toHaveLength(amounts.length);
    expect(await balanceOf('ptsdrift')).toBe(recomputed);
  });

  it('credits a deposit once, and nothing to a free-play trial account', async () => {
    await newMember('ptsdep');
    const depositId = randomUUID();
    const credit = async (memberId: string, id: string) => {
      const pg = await kit.t.database.pool.connect();
      try {
        await pg.query('BEGIN');
        await emit(pg, 'deposit.credited', {
          depositId: id,
          merchantCode: 'demo',
          memberId,
          currency: 'USD',
          amount: 50_000n,
        });
        await pg.query('COMMIT');
      } finally {
        pg.release();
      }
    };
    await credit(idOf('ptsdep'), depositId);
    await credit(idOf('ptsdep'), depositId); // the same deposit announced twice
    const trial = await kit.client.freePlay();
    await credit(trial.memberId, randomUUID());
    await kit.t.services.events.drain();
    expect(await balanceOf('ptsdep')).toBe(100n); // 500.00 at 20 per 100
    expect(await entriesOf(trial.memberId)).toEqual([]);
  });
});

describe('converting', () => {
  it('moves points to the main wallet at the ratio with the withdraw password, once per request', async () => {
    await newMember('ptsconv', 1_000n);
    await adjust('ptsconv', '120');
    const before = await mainWallet('ptsconv');
    const requestId = randomUUID();
    const first = await convert('ptsconv', '50', { requestId });
    expect(first.json()).toMatchObject({ success: true, value: { points: '50', amount: '5.00', balance: '70' } });
    const again = await convert('ptsconv', '50', { requestId });
    expect(again.json().success).toBe(true);
    expect(await balanceOf('ptsconv')).toBe(70n);
    expect(await mainWallet('ptsconv')).toBe(before + 500n);
  });

  it('refuses a wrong password, more than the balance, no points and a trial account, changing nothing', async () => {
    await newMember('ptsconvbad', 1_000n);
    await adjust('ptsconvbad', '30');
    const wallet = await mainWallet('ptsconvbad');
    const wrong = await convert('ptsconvbad', '10', { withdrawPassword: 'wrong-one' });
    expect(wrong.json().fieldErrors).toEqual([{ path: 'withdrawPassword', code: 'error_withdraw_password' }]);
    expect((await convert('ptsconvbad', '40')).json().errorCode).toBe('points_insufficient');
    expect((await convert('ptsconvbad', '0')).json().errorCode).toBe('validation_failed');
    expect((await convert('ptsconvbad', '-10')).json().errorCode).toBe('validation_failed');
    members.trial = await kit.client.freePlay();
    expect((await convert('trial', '10')).json().errorCode).toBe('in_need_true_account');
    expect(await balanceOf('ptsconvbad')).toBe(30n);
    expect(await mainWallet('ptsconvbad')).toBe(wallet);
  });

  it('locks the withdraw password after five wrong answers', async () => {
    await newMember('ptsconvlock', 1n);
    await adjust('ptsconvlock', '30');
    for (let i = 0; i < 5; i += 1) {
      expect((await convert('ptsconvlock', '10', { withdrawPassword: 'bad-guess' })).statusCode).toBe(400);
    }
    expect((await convert('ptsconvlock', '10')).json().errorCode).toBe('too_many_requests');
    expect(await balanceOf('ptsconvlock')).toBe(30n);
  });

  it('never spends below zero under concurrency: 30 spends of 10 from 100 give exactly 10', async () => {
    await newMember('ptsrace', 1n);
    await adjust('ptsrace', '100');
    const member = { memberId: idOf('ptsrace'), merchantCode: 'demo', sessionId: '', type: 1 };
    const merchant = await kit.t.services.merchants.resolve({ code: 'demo', host: '' });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        kit.unchecked.convert(merchant, member, { requestId: randomUUID(), points: '10', withdrawPassword: 'x' }),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason.code] : []));
    expect(ok).toHaveLength(10);
    expect(new Set(refused)).toEqual(new Set(['points_insufficient']));
    expect(await balanceOf('ptsrace')).toBe(0n);
    expect(await mainWallet('ptsrace')).toBe(1n + 10n * 100n);
  });
});

describe('the points mall', () => {
  it('shows visitors the goods on offer and redeems a cash good: points down, main wallet up, history', async () => {
    const visitor = await kit.client.send({ method: 'GET', url: '/wps/relay/MCS2_getPointReward', moduleId: 'PTSYS3' });
    expect(visitor.json().value.list.map((item: { name: string }) => item.name)).toEqual(
      expect.arrayContaining(['Cash voucher 5.00', 'Tessera T-shirt']),
    );
    await newMember('ptsmall', 1n);
    await adjust('ptsmall', '200');
    const item = await createItem({ names: { EN: 'Two dollars' }, pointsRequired: '40', cashValue: '2.00' });
    const answer = await redeem('ptsmall', item.id, { quantity: 2 });
    expect(answer.json()).toMatchObject({
      success: true,
      value: { status: 'approved', type: 'cash', points: '80', amount: '4.00', itemName: 'Two dollars' },
    });
    expect(await balanceOf('ptsmall')).toBe(120n);
    expect(await mainWallet('ptsmall')).toBe(401n);
    const history = (await get('ptsmall', '/wps/relay/MCS2_getRedeemPointList')).value.list;
    expect(history).toHaveLength(1);
    const details = (
      await kit.client.send({
        method: 'GET',
        url: '/wps/relay/ODSFE2_MemTransDet',
        moduleId: 'MEMTRANS3',
        token: tokenOf('ptsmall'),
      })
    ).json().value.list;
    expect(
      details.map((entry: { type: string; changedPoints: string; pointsBalance: string }) => [
        entry.type,
        entry.changedPoints,
        entry.pointsBalance,
      ]),
    ).toEqual([
      ['redeem', '-80', '120'],
      ['adjust', '200', '200'],
    ]);
  });

  it('refuses zero, beyond the per-member limit, more than the points or stock, and a wrong password', async () => {
    await newMember('ptsmallbad', 1n);
    await adjust('ptsmallbad', '50');
    const item = await createItem({ pointsRequired: '10', quantity: 3, perMemberLimit: 2 });
    expect((await redeem('ptsmallbad', item.id, { quantity: 0 })).json().errorCode).toBe('validation_failed');
    expect((await redeem('ptsmallbad', item.id, { quantity: 3 })).json().errorCode).toBe('points_limit_reached');
    expect((await redeem('ptsmallbad', item.id, { withdrawPassword: 'nope-nope' })).json().fieldErrors).toEqual([
      { path: 'withdrawPassword', code: 'error_withdraw_password' },
    ]);
    const big = await createItem({ pointsRequired: '60' });
    expect((await redeem('ptsmallbad', big.id)).json().errorCode).toBe('points_insufficient');
    expect((await redeem('ptsmallbad', randomUUID())).json().errorCode).toBe('points_item_unavailable');
    expect((await redeem('ptsmallbad', item.id, { quantity: 2 })).json().success).toBe(true);
    expect((await redeem('ptsmallbad', item.id)).json().errorCode).toBe('points_limit_reached');
    await newMember('ptsmallbad2', 1n);
    await adjust('ptsmallbad2', '50');
    expect((await redeem('ptsmallbad2', item.id, { quantity: 2 })).json().errorCode).toBe('points_out_of_stock');
    expect(await balanceOf('ptsmallbad')).toBe(30n);
    expect(await balanceOf('ptsmallbad2')).toBe(50n);
  });

  it('never oversells: 200 concurrent redeems of stock 50 give exactly 50, points deducted 50 times', async () => {
    await newMember('ptsstock', 1n);
    await adjust('ptsstock', '100000');
    const item = await createItem({ pointsRequired: '7', quantity: 50, perMemberLimit: 1000 });
    const member = { memberId: idOf('ptsstock'), merchantCode: 'demo', sessionId: '', type: 1 };
    const merchant = await kit.t.services.merchants.resolve({ code: 'demo', host: '' });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        kit.unchecked.redeem(
          merchant,
          member,
          { requestId: randomUUID(), itemId: item.id, quantity: 1, withdrawPassword: 'x' },
          'EN',
        ),
      ),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason.code] : []));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect(new Set(refused)).toEqual(new Set(['points_out_of_stock']));
    expect((await entriesOf(idOf('ptsstock'))).filter((entry) => entry.type === 'redeem')).toHaveLength(50);
    expect(await balanceOf('ptsstock')).toBe(100_000n - 50n * 7n);
    const items = (await admin('GET', '/items')).json().value as { id: string; availableQuantity: number }[];
    expect(items.find((row) => row.id === item.id)?.availableQuantity).toBe(0);
  });

  it('queues a physical good; racing approve and reject, one wins; a rejection refunds points and stock once', async () => {
    await newMember('ptsphys', 1n);
    await adjust('ptsphys', '1000');
    const item = await createItem({ kind: 'physical', cashValue: '0', pointsRequired: '300', quantity: 5 });
    expect((await redeem('ptsphys', item.id)).json().fieldErrors).toEqual([
      { path: 'address', code: 'not_empty' },
      { path: 'mobileNum', code: 'not_empty' },
    ]);
    const placed = (await redeem('ptsphys', item.id, { address: '1 Main Street', mobileNum: '+639171234567' })).json();
    expect(placed.value.status).toBe('in_process');
    expect(await balanceOf('ptsphys')).toBe(700n);

    const decide = (approve: boolean) =>
      admin('POST', `/redemptions/${placed.value.id}/decision`, { approve, remark: approve ? 'Shipped' : 'No stock' });
    const [a, b] = await Promise.all([decide(true), decide(false)]);
    const winners = [a, b].filter((answer) => answer.json().success);
    expect(winners).toHaveLength(1);
    expect([a, b].find((answer) => !answer.json().success)?.json().errorCode).toBe('order_state_invalid');
    const won = winners[0]?.json().value;
    expect(await balanceOf('ptsphys')).toBe(won.status === 'rejected' ? 1000n : 700n);

    // A second one, rejected: points come back exactly once, also when rejected again.
    const second = (await redeem('ptsphys', item.id, { address: '1 Main Street', mobileNum: '+639171234567' })).json();
    const before = await balanceOf('ptsphys');
    expect(
      (await admin('POST', `/redemptions/${second.value.id}/decision`, { approve: false, remark: 'Out' })).json().value
        .status,
    ).toBe('rejected');
    expect(
      (await admin('POST', `/redemptions/${second.value.id}/decision`, { approve: false, remark: 'Out' })).json()
        .errorCode,
    ).toBe('order_state_invalid');
    expect(await balanceOf('ptsphys')).toBe(before + 300n);
    const queue = (await admin('GET', '/redemptions?status=rejected')).json().value.list;
    expect(queue.find((row: { id: string }) => row.id === second.value.id)).toMatchObject({
      username: 'ptsphys',
      remark: 'Out',
    });
  });
});

describe('the back office', () => {
  it('updates the rules with an audit row, refuses bad ones, and shows them to the member site', async () => {
    const rules = (await admin('GET', '/rules')).json().value;
    const bad = await admin('PUT', '/rules', {
      rates: { ...rules.rates, live: '-1' },
      convertRatio: '10',
      buyRatio: '10',
      rulesText: {},
    });
    expect(bad.json().errorCode).toBe('validation_failed');
    const ok = await admin('PUT', '/rules', {
      rates: rules.rates,
      convertRatio: '10',
      buyRatio: '10',
      rulesText: { EN: 'Points never expire.' },
    });
    expect(ok.json().value.rulesText).toEqual({ EN: 'Points never expire.' });
    const config = (
      await kit.client.send({ method: 'GET', url: '/wps/relay/MCS2_getPointConfig', moduleId: 'PTSYS3' })
    ).json();
    expect(config.value).toMatchObject({ enabled: true, convertRatio: '10', rulesText: 'Points never expire.' });
    const audit = await kit.t.database.pool.query("SELECT 1 FROM audit_log WHERE action = 'points.rules_update'");
    expect(audit.rowCount).toBeGreaterThan(0);
  });

  it("adjusts a member's points with a reason, refuses going below zero, and hides other merchants' members", async () => {
    await newMember('ptsadj', 1n);
    await adjust('ptsadj', '15', 'Goodwill');
    const below = await admin('POST', `/members/${idOf('ptsadj')}/adjustments`, {
      requestId: randomUUID(),
      points: '-16',
      reason: 'Too much',
    });
    expect(below.json().errorCode).toBe('points_insufficient');
    const view = (await admin('GET', `/members/${idOf('ptsadj')}`)).json().value;
    expect(view).toMatchObject({ username: 'ptsadj', points: '15' });
    expect(view.entries.list[0]).toMatchObject({ type: 'adjust', changedPoints: '15', remark: 'Goodwill' });
    expect((await admin('GET', `/members/${randomUUID()}`)).json().errorCode).toBe('not_found');
    const audit = await kit.t.database.pool.query(
      "SELECT 1 FROM audit_log WHERE action = 'points.adjust' AND target = $1",
      [`member:${idOf('ptsadj')}`],
    );
    expect(audit.rowCount).toBe(1);
  });

  it('keeps entries append-only', async () => {
    await expect(kit.t.database.pool.query('UPDATE points_entries SET delta = delta + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(kit.t.database.pool.query('DELETE FROM points_entries')).rejects.toThrow(/append-only/);
  });
});
