import { randomUUID } from 'node:crypto';
import { zonedDate, zonedWallTimeToIso } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo } from '../../../test/back-office';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { emit } from '../../platform/events';
import type { MerchantContext } from '../../platform/principals';

/**
 * The daily markers of harm (decision 0109) on PostgreSQL: facts arrive as events, the job computes each
 * merchant's previous local day once, a re-run replaces the day's rows, and an operator sees its own merchant only.
 */
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let otherOwner: string;
let support: string;
let demo: MerchantContext;
let other: MerchantContext;
let today: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const DEMO_ZONE = 'Asia/Singapore';
const localIso = (day: string, time: string, zone = DEMO_ZONE) => zonedWallTimeToIso(`${day}T${time}`, zone) ?? '';
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const emitted = <N extends 'deposit.credited' | 'bet.settled' | 'withdrawal.cancelled'>(
  name: N,
  payload: Record<string, unknown>,
) => inTransaction(t.database.pool, (tx) => emit(tx, name, payload as never));
const deposit = (merchantCode: string, member: string, amount: bigint) =>
  emitted('deposit.credited', {
    depositId: randomUUID(),
    merchantCode,
    memberId: ids[member],
    currency: 'USD',
    amount,
  });
/** A demo deposit whose event was written `days` ago (before delivery: its fact lands in that day's slot). */
const depositDaysAgo = async (member: string, amount: bigint, days: number) => {
  await deposit('demo', member, amount);
  await t.database.pool.query(
    `UPDATE events SET created_at = now() - make_interval(days => $3)
      WHERE id = (SELECT max(id) FROM events WHERE name = 'deposit.credited' AND payload->>'memberId' = $1
                    AND payload->>'amount' = $2)`,
    [ids[member], String(amount), days],
  );
};
const bet = (merchantCode: string, member: string, amount: bigint, settledAt: string) =>
  emitted('bet.settled', {
    roundId: randomUUID(),
    merchantCode,
    memberId: ids[member],
    source: 'inhouse',
    provider: 'TESSERA',
    roundRef: randomUUID(),
    gameType: 'dice',
    currency: 'USD',
    betAmount: amount,
    validBet: amount,
    payout: 0n,
    settledAt,
  });

const admin = (as: string, method: 'GET' | 'POST', code: string, query: string, payload?: object) =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/responsible-gaming/harm-markers${query}`,
    headers: { authorization: as },
    ...(payload ? { payload } : {}),
  });
const flagged = (body: { value: { rows: { account: string; markers: string[] }[] } }) =>
  Object.fromEntries(body.value.rows.map((row) => [row.account, row.markers]));

const createOperator = async (username: string, role: string, merchantCode: string | null) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/operators',
    headers: { authorization: owner },
    payload: { username, displayName: username, password: 'Operator-Pass-123', role, merchantCode },
  });
  expect(response.statusCode, response.body).toBe(200);
  return t.operatorToken(username, 'Operator-Pass-123');
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  demo = await t.services.merchants.resolve({ code: 'demo', host: '' });
  other = await merchantLikeDemo(t, 'harmb');
  otherOwner = await createOperator('harm-other-owner', 'owner', 'harmb');
  support = await createOperator('harm-support', 'support', 'demo');
  for (const name of ['riser', 'raiser', 'owl', 'steady', 'canceller']) {
    const member = await fundedMember(t, client, name, 1n);
    ids[name] = member.memberId;
    tokens[name] = member.token;
  }
  const foreign = await t.services.members.create({
    merchantCode: 'harmb',
    username: 'foreigner',
    account: 'foreigner',
    nickname: 'foreigner',
    passwordHash: 'x',
  });
  if (!('row' in foreign)) throw new Error('member not created');
  ids.foreigner = foreign.row.id;
  today = zonedDate(DEMO_ZONE);

  // riser: 500.00 this week after 400.00 over the four weeks before (a weekly average of 100.00).
  await deposit('demo', 'riser', 50_000n);
  await depositDaysAgo('riser', 40_000n, 20);
  // steady: 150.00 this week after 400.00 before: not rising.
  await deposit('demo', 'steady', 15_000n);
  await depositDaysAgo('steady', 40_000n, 20);
  // owl: 30.00 staked at 02:00 local, 10.00 at 15:00 (75 % at night); steady stakes in the day only.
  await bet('demo', 'owl', 3_000n, localIso(today, '02:00'));
  await bet('demo', 'owl', 1_000n, localIso(today, '15:00'));
  await bet('demo', 'steady', 3_000n, localIso(today, '06:00'));
  // canceller: one withdrawal cancelled.
  await emitted('withdrawal.cancelled', {
    withdrawalId: randomUUID(),
    merchantCode: 'demo',
    memberId: ids.canceller,
    currency: 'USD',
    amount: 6_000n,
  });
  // The other merchant's member does everything, on the same day.
  await deposit('harmb', 'foreigner', 90_000n);
  await bet('harmb', 'foreigner', 5_000n, localIso(today, '01:00'));
  await t.services.events.drain();

  // raiser: a deposit limit set, then a raise requested (waits 24 hours: an increase).
  const limit = (amount: string) =>
    client.send({
      method: 'POST',
      url: '/wps/responsible-gaming/limits',
      moduleId: 'COMM3',
      token: tokens.raiser ?? '',
      payload: { kind: 'deposit', period: 'day', amount },
    });
  expect((await limit('100')).json().success).toBe(true);
  expect((await limit('200')).json().success).toBe(true);
});

afterAll(async () => {
  await t.close();
});

describe('the daily harm-markers job', () => {
  it("computes each merchant's previous local day once, with each member's markers", async () => {
    // An hour after the day ends in Singapore, the job takes "today" as the previous day.
    const after = new Date(Date.parse(localIso(addDays(today, 1), '01:00')));
    expect(await t.services.responsibleGaming.harm.computeDue(after)).toEqual({ computed: 2 });
    const report = (await admin(owner, 'GET', 'demo', `?day=${today}`)).json();
    expect(report.success).toBe(true);
    expect(flagged(report)).toEqual({
      riser: ['deposits_rising'],
      raiser: ['limit_increases'],
      owl: ['night_play'],
      canceller: ['cancelled_withdrawals'],
    });
    const owl = report.value.rows.find((row: { account: string }) => row.account === 'owl');
    expect(owl).toMatchObject({ stakes: '40.00', nightStakes: '30.00', nightSharePercent: 75 });
    const riser = report.value.rows.find((row: { account: string }) => row.account === 'riser');
    expect(riser).toMatchObject({ depositsLast7: '500.00', depositsPrior28: '400.00' });
    expect(report.value.computedAt).not.toBeNull();
    // Run again in the same period or later: the day is done, nothing is recomputed.
    expect(await t.services.responsibleGaming.harm.computeDue(after)).toEqual({ computed: 0 });
    expect(
      (await t.database.pool.query(`SELECT count(*)::int AS n FROM rg_harm_runs WHERE day = $1`, [today])).rows[0].n,
    ).toBe(2);
  });

  it('a re-run of the same day replaces its rows: the same report, no duplicates', async () => {
    const before = (await admin(owner, 'GET', 'demo', `?day=${today}`)).json().value.rows;
    await t.services.responsibleGaming.harm.compute(demo, today);
    const again = (await admin(owner, 'POST', 'demo', '', { day: today })).json();
    expect(again.value.rows).toEqual(before);
    const rows = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM rg_harm_markers WHERE merchant_code = 'demo' AND day = $1`,
      [today],
    );
    expect(rows.rows[0].n).toBe(4);
  });

  it('filters by marker', async () => {
    const night = (await admin(owner, 'GET', 'demo', `?day=${today}&marker=night_play`)).json();
    expect(flagged(night)).toEqual({ owl: ['night_play'] });
    expect((await admin(owner, 'GET', 'demo', `?day=${today}&marker=sleepy`)).json()).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
    });
    expect((await admin(owner, 'GET', 'demo', '?day=2026-02-30')).json().fieldErrors).toEqual([
      { path: 'day', code: 'field_invalid' },
    ]);
    expect((await admin(owner, 'POST', 'demo', '', { day: addDays(today, 2) })).json().fieldErrors).toEqual([
      { path: 'day', code: 'field_invalid' },
    ]);
  });

  it("keeps merchants apart: an operator of one merchant never sees another's", async () => {
    const mine = (await admin(otherOwner, 'GET', 'harmb', `?day=${today}`)).json();
    expect(flagged(mine)).toEqual({ foreigner: ['deposits_rising', 'night_play'] });
    for (const method of ['GET', 'POST'] as const) {
      const foreign = await admin(otherOwner, method, 'demo', method === 'GET' ? `?day=${today}` : '', {
        day: today,
      });
      expect(foreign.json().success).toBe(false);
    }
    const all = (await admin(owner, 'GET', 'demo', `?day=${today}`)).json();
    expect(Object.keys(flagged(all))).not.toContain('foreigner');
    expect(other.code).toBe('harmb');
  });

  it('is for compliance roles only, and each look is audited', async () => {
    expect((await admin(support, 'GET', 'demo', `?day=${today}`)).json()).toMatchObject({
      success: false,
      errorCode: 'forbidden',
    });
    const audited = await t.database.pool.query(
      `SELECT action, count(*)::int AS n FROM audit_log
        WHERE action LIKE 'responsible_gaming.harm_markers_%' GROUP BY action ORDER BY action`,
    );
    expect(audited.rows).toEqual([
      { action: 'responsible_gaming.harm_markers_compute', n: 1 },
      { action: 'responsible_gaming.harm_markers_view', n: 5 },
    ]);
  });
});
