import { randomUUID } from 'node:crypto';
import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../../test/agent-contracts';
import type { memberClient } from '../../../test/member-client';
import type { TestApp } from '../../../test/test-app';
import { periodAt } from './agent-contracts.rules';

/**
 * The member-side endings of a contract and what "valid bet" leaves out, on a real PostgreSQL: the upline withdraws
 * a pending offer, either side terminates a running contract with the merchant's notice (the contract runs to the
 * end of the period the notice runs out in), every refusal has its own code and writes nothing; and a settlement
 * reads real-money settled turnover only: a trial account's rounds, a voided round and a stake recorded with no
 * valid bet (how a non-real-money stake is recorded, decision 0083) count for no kind.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: ownerToken }, ...(payload ? { payload } : {}) });

const settings = (noticeDays: number) =>
  admin('PUT', '/api/admin/merchants/demo/agent-contract-settings', {
    payer: 'platform',
    allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
    maxRates: { dividend: '50', daily: '3', hourly: '2', realtime: '2' },
    noticeDays,
  });

const rowCounts = async () =>
  (
    await t.database.pool.query<{ contracts: string; events: string; statuses: string }>(
      `SELECT (SELECT count(*) FROM agent_contracts)::text AS contracts,
              (SELECT count(*) FROM agent_contract_events)::text AS events,
              (SELECT string_agg(status || coalesce(ends_at::text, ''), ',' ORDER BY id) FROM agent_contracts) AS statuses`,
    )
  ).rows[0];

const { newMember, act, play } = contractSuite(async (app, appClient) => {
  t = app;
  client = appClient;
  ownerToken = await app.operatorToken();
});

describe('agent contracts: withdraw and terminate', () => {
  let a: Member;
  let b: Member;
  let c: Member;

  it('builds a tree: A (top agent) > B (agent) > C (agent)', async () => {
    a = await newMember('ctma', null, 1);
    b = await newMember('ctmb', a.id, 1);
    c = await newMember('ctmc', b.id, 1);
    await t.services.events.drain();
    for (const m of [a, b, c]) m.token = await client.login(m.account, 'Secret123');
    expect(await t.services.agents.directUplineOf(b.id)).toBe(a.id);
    expect((await settings(0)).json().success).toBe(true);
  }, 120_000);

  it('the upline withdraws a pending offer; nobody else can, and a withdrawn offer is final', async () => {
    const offered = await act('hourly', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'hourly', tiers: [{ betAmount: '0', rate: '0.5' }] },
    });
    expect(offered.success).toBe(true);
    const id = offered.value.contract.id as string;
    const before = await rowCounts();
    expect((await act('hourly', b, { action: 'withdraw', contractId: id })).errorCode).toBe('not_found');
    expect((await act('hourly', c, { action: 'withdraw', contractId: id })).errorCode).toBe('not_found');
    expect((await act('daily', a, { action: 'withdraw', contractId: id })).errorCode).toBe('contract_wrong_kind');
    expect((await act('hourly', a, { action: 'terminate', contractId: id })).errorCode).toBe('contract_not_active');
    expect((await act('hourly', a, { action: 'withdraw', contractId: randomUUID() })).errorCode).toBe('not_found');
    expect((await act('hourly', a, { action: 'withdraw', contractId: 'nope' })).errorCode).toBe('validation_failed');
    expect(await rowCounts()).toEqual(before);

    const withdrawn = await act('hourly', a, { action: 'withdraw', contractId: id });
    expect(withdrawn).toMatchObject({ success: true, value: { contract: { status: 'withdrawn' } } });
    expect(withdrawn.value.contract.history.map((h: { action: string; actor: string }) => [h.action, h.actor])).toEqual(
      [
        ['offered', 'member:ctma'],
        ['withdrawn', 'member:ctma'],
      ],
    );
    const after = await rowCounts();
    expect((await act('hourly', a, { action: 'withdraw', contractId: id })).errorCode).toBe('contract_already_decided');
    expect((await act('hourly', b, { action: 'accept', contractId: id })).errorCode).toBe('contract_already_decided');
    expect(await rowCounts()).toEqual(after);
    const flags = (
      await client.send({
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        moduleId: 'COMM3',
        token: b.token,
      })
    ).json().value;
    expect(flags.contracthoursalreq).toBe('');
  });

  it('the downline terminates with the merchant notice: the contract runs to the end of the day the notice ends in', async () => {
    expect((await settings(3)).json().success).toBe(true);
    const offered = await act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1' }] },
    });
    const id = offered.value.contract.id as string;
    expect((await act('daily', b, { action: 'accept', contractId: id })).success).toBe(true);
    const listed = (await act('daily', b, { action: 'list' })).value;
    expect(listed).toMatchObject({ memberId: b.id, noticeDays: 3 });

    const before = await rowCounts();
    expect((await act('daily', c, { action: 'terminate', contractId: id })).errorCode).toBe('not_found');
    expect(await rowCounts()).toEqual(before);

    const asked = Date.now();
    const ended = await act('daily', b, { action: 'terminate', contractId: id });
    expect(ended.success).toBe(true);
    const endsAt = Date.parse(ended.value.contract.endsAt);
    const expected = [asked, Date.now()].map((at) => periodAt('D', new Date(at + 3 * 86_400_000)).end.getTime());
    expect(expected).toContain(endsAt);
    expect(ended.value.contract).toMatchObject({ status: 'terminated' });
    expect(ended.value.contract.history.at(-1)).toMatchObject({
      action: 'terminated',
      actor: 'member:ctmb',
      details: { side: 'downline', endsAt: new Date(endsAt).toISOString() },
    });
    // Still running until then: the agent-centre page stays open, and a second termination is refused.
    const flags = (
      await client.send({
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        moduleId: 'COMM3',
        token: b.token,
      })
    ).json().value;
    expect(flags.dailysalinfotype).toBe('1');
    const after = await rowCounts();
    expect((await act('daily', a, { action: 'terminate', contractId: id })).errorCode).toBe('contract_not_active');
    expect((await act('daily', b, { action: 'withdraw', contractId: id })).errorCode).toBe('not_found');
    expect(await rowCounts()).toEqual(after);
  });

  it('the upline terminates without notice: a monthly dividend ends with the current month', async () => {
    expect((await settings(0)).json().success).toBe(true);
    const offered = await act('dividend', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'dividend', period: 'M', tiers: [{ validBet: '0', loss: '0', activeMembers: 0, rate: '10' }] },
    });
    const id = offered.value.contract.id as string;
    expect((await act('dividend', b, { action: 'accept', contractId: id })).success).toBe(true);
    const asked = Date.now();
    const ended = await act('dividend', a, { action: 'terminate', contractId: id });
    expect(ended.success).toBe(true);
    const expected = [asked, Date.now()].map((at) => periodAt('M', new Date(at)).end.toISOString());
    expect(expected).toContain(ended.value.contract.endsAt);
    expect(ended.value.contract.history.at(-1)).toMatchObject({ actor: 'member:ctma', details: { side: 'upline' } });
  });
});

describe('agent contracts: what a valid bet leaves out', () => {
  let a: Member;
  let b: Member;
  let player: Member;
  let trial: Member;
  const ids: Record<'dividend' | 'daily' | 'hourly' | 'realtime', string> = {
    dividend: '',
    daily: '',
    hourly: '',
    realtime: '',
  };

  it('gives B a daily dividend, a daily, an hourly and a real-time salary that started yesterday', async () => {
    expect((await settings(0)).json().success).toBe(true);
    a = await newMember('ctva', null, 1);
    b = await newMember('ctvb', a.id, 1);
    player = await newMember('ctvp', b.id, 0);
    // A free-play trial account under B: trial accounts are not registrations (no member.registered).
    trial = await newMember('ctvtrial', b.id, TRIAL_MEMBER_TYPE);
    await t.services.events.drain();
    for (const m of [a, b]) m.token = await client.login(m.account, 'Secret123');
    const terms = {
      dividend: { kind: 'dividend', period: 'D', tiers: [{ validBet: '0', loss: '0', activeMembers: 0, rate: '10' }] },
      daily: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1' }] },
      hourly: { kind: 'hourly', tiers: [{ betAmount: '0', rate: '1' }] },
      realtime: { kind: 'realtime', winRate: '1', lossRate: '1', minBet: '0' },
    };
    const yesterday = periodAt('D', new Date(Date.now() - 86_400_000)).start;
    for (const kind of ['dividend', 'daily', 'hourly', 'realtime'] as const) {
      const offered = await act(kind, a, { action: 'offer', downlineId: b.id, terms: terms[kind] });
      expect(offered.success).toBe(true);
      ids[kind] = offered.value.contract.id;
      expect((await act(kind, b, { action: 'accept', contractId: ids[kind] })).success).toBe(true);
      await t.database.pool.query('UPDATE agent_contracts SET starts_at = $2 WHERE id = $1', [ids[kind], yesterday]);
    }
  });

  it('counts the real round only: not the trial, not the voided round, not a stake with no valid bet', async () => {
    const day = periodAt('D', new Date(Date.now() - 86_400_000)).start.getTime();
    const at = (hour: number) => new Date(day + hour * 3_600_000 + 60_000);
    // Counted: a real-money round of 10.00, lost.
    await play(player, 1_000n, 0n, at(10));
    // Not counted: the trial account's 50.00.
    await play(trial, 5_000n, 0n, at(10));
    // Not counted: a round voided (its whole stake refunded), which never settles.
    const voided = {
      merchantCode: 'demo',
      memberId: player.id,
      source: 'test',
      provider: 'void-test',
      roundRef: `void-${randomUUID()}`,
      gameId: 1,
      gameType: 'ELOTTO' as never,
      vendorCode: 'TEST',
      currency: 'USD',
    };
    await t.services.bets.recordBet({ ...voided, amount: 3_000n, at: at(11) });
    await t.services.bets.recordRefund(voided, 3_000n, { at: at(11) });
    // Not counted: a settled stake the game source recorded with no valid bet (a non-real-money stake).
    await t.database.pool.query(
      `INSERT INTO bet_rounds (merchant_code, member_id, source, provider, round_ref, game_id, game_type, vendor_code,
                               currency, details, bet_amount, valid_bet, payout, status, placed_at, settled_at)
       VALUES ('demo', $1, 'test', 'bonus-test', $2, 1, 'ELOTTO', 'TEST', 'USD', '{}', 2000, 0, 0, 'settled', $3, $3)`,
      [player.id, `bonus-${randomUUID()}`, at(12)],
    );
    await t.services.events.drain();
    const { rows: rounds } = await t.database.pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM bet_rounds WHERE member_id = ANY($1::uuid[]) GROUP BY status ORDER BY 1`,
      [[player.id, trial.id]],
    );
    expect(rounds).toEqual([
      { status: 'cancelled', n: 1 },
      { status: 'settled', n: 3 },
    ]);

    await t.services.agentContracts.settleDue(new Date(Date.now() + 5 * 60_000));
    const statements = async (contractId: string) =>
      (
        await t.database.pool.query<{ start: Date; inputs: Record<string, string | number>; amount: string }>(
          `SELECT period_start AS start, inputs, amount::text FROM agent_contract_statements
            WHERE contract_id = $1 ORDER BY seq`,
          [contractId],
        )
      ).rows;

    // The dividend's loss counts the real round only (decision 0093). The agents' day rollup, which the dividend read
    // before, counts the no-valid-bet round's stake too: 10.00 + 20.00 lost.
    const dayText = new Date(day).toISOString().slice(0, 10);
    const rollup = await t.services.agents.teamTotals({ code: 'demo' }, b.id, dayText, dayText);
    expect((rollup?.bets ?? 0n) - (rollup?.payouts ?? 0n)).toBe(3_000n);
    const dividend = (await statements(ids.dividend)).find((s) => s.start.getTime() === day);
    expect(dividend).toMatchObject({
      inputs: { validBet: '1000', loss: '1000', activeMembers: 1, rounds: 1 },
      amount: '100',
    });

    const daily = (await statements(ids.daily)).find((s) => s.start.getTime() === day);
    expect(daily).toMatchObject({ inputs: { validBet: '1000', activeMembers: 1 }, amount: '10' });

    const hourly = await statements(ids.hourly);
    expect(hourly.length).toBeGreaterThanOrEqual(24);
    expect(hourly.filter((s) => Number(s.amount) > 0)).toEqual([
      { start: new Date(day + 10 * 3_600_000), inputs: { rounds: 1, validBet: '1000' }, amount: '10' },
    ]);
    expect(hourly.reduce((sum, s) => sum + BigInt(s.inputs.validBet as string), 0n)).toBe(1_000n);

    const realtime = await statements(ids.realtime);
    expect(realtime).toEqual([
      {
        start: new Date(day + 10 * 3_600_000),
        inputs: { rounds: 1, wonRounds: 0, validBet: '1000' },
        amount: '10',
      },
    ]);
    // No accrual was kept for the trial's, the voided or the no-valid-bet rounds.
    const { rows: accruals } = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_contract_accruals WHERE contract_id = ANY($1::uuid[])',
      [[ids.dividend, ids.hourly, ids.realtime]],
    );
    expect(accruals[0]?.n).toBe(3);
  });
});
