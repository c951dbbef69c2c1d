import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../../test/agent-contracts';
import type { memberClient } from '../../../test/member-client';
import { killProcesses, spawnRunners } from '../../../test/runner-processes';
import type { TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { reconcileLedger } from '../ledger';

/**
 * Agent contracts on a real PostgreSQL: the lifecycle over HTTP with each refusal's code and nothing written, the
 * `higher_rate` confirmation, statements equal to a recomputation from the raw rounds, an upline short of balance
 * paid later and never overdrawn, exactly one statement and payment per (contract, period) under four concurrent
 * runners run three times over more than a thousand periods, the same after runner processes were killed (SIGKILL)
 * in the middle of settling 1,080 randomized hours, and 288 missed real-time windows caught up in order.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: ownerToken }, ...(payload ? { payload } : {}) });

const daily = (...tiers: [string, number, string][]) => ({
  kind: 'daily',
  tiers: tiers.map(([betAmount, activeMembers, rate]) => ({ betAmount, activeMembers, rate })),
});

const rowCounts = async () => {
  const { rows } = await t.database.pool.query<{ contracts: number; events: number }>(
    `SELECT (SELECT count(*) FROM agent_contracts)::int AS contracts, (SELECT count(*) FROM agent_contract_events)::int AS events`,
  );
  return rows[0];
};

const { newMember, act, play, fund, mainBalance } = contractSuite(async (app, appClient) => {
  t = app;
  client = appClient;
  ownerToken = await app.operatorToken();
});

describe('agent contracts', () => {
  let a: Member;
  let b: Member;
  let c: Member;
  let p1: Member;
  let p2: Member;
  let p3: Member;
  let firstDaily: string;
  let bToC: string;

  it('builds a tree: A (top agent) > B (agent) > C (agent) > players', async () => {
    a = await newMember('ctra', null, 1);
    b = await newMember('ctrb', a.id, 1);
    c = await newMember('ctrc', b.id, 1);
    p1 = await newMember('ctrp1', c.id, 0);
    p2 = await newMember('ctrp2', c.id, 0);
    p3 = await newMember('ctrp3', b.id, 0);
    await t.services.events.drain();
    for (const m of [a, b, c, p1, p2, p3]) m.token = await client.login(m.account, 'Secret123');
    expect(await t.services.agents.directUplineOf(c.id)).toBe(b.id);
  }, 120_000);

  it('refuses bad offers, each with its own code, writing nothing', async () => {
    const before = await rowCounts();
    const tooHigh = await act('daily', a, { action: 'offer', downlineId: b.id, terms: daily(['0', 0, '3.5']) });
    expect(tooHigh).toMatchObject({ success: false, errorCode: 'contract_rate_above_max' });
    const notDirect = await act('daily', a, { action: 'offer', downlineId: c.id, terms: daily(['0', 0, '1']) });
    expect(notDirect).toMatchObject({ success: false, errorCode: 'contract_not_downline' });
    const byPlayer = await act('daily', p3, { action: 'offer', downlineId: b.id, terms: daily(['0', 0, '1']) });
    expect(byPlayer.success).toBe(false);
    const disorder = await act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: daily(['100', 0, '2'], ['50', 0, '2.5']),
    });
    expect(disorder).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(JSON.stringify(disorder)).toContain('contract_tiers_out_of_order');
    const seven = await act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: daily(...Array.from({ length: 7 }, (_, i) => [String(i), 0, `0.${i + 1}`] as [string, number, string])),
    });
    expect(JSON.stringify(seven)).toContain('contract_too_many_tiers');
    const period = await act('dividend', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'dividend', period: 'Y', tiers: [{ validBet: '0', loss: '0', activeMembers: 0, rate: '1' }] },
    });
    expect(JSON.stringify(period)).toContain('contract_period_invalid');
    const wrongKind = await act('hourly', a, { action: 'offer', downlineId: b.id, terms: daily(['0', 0, '1']) });
    expect(wrongKind).toMatchObject({ success: false, errorCode: 'contract_wrong_kind' });
    expect(await rowCounts()).toEqual(before);
  });

  it('an offer is accepted once; the consolidated flags follow; the downline offers below its own rate only', async () => {
    const offered = await act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: daily(['0', 0, '1'], ['10', 2, '2']),
    });
    expect(offered).toMatchObject({ success: true, value: { contract: { status: 'offered', uplineAccount: 'ctra' } } });
    firstDaily = offered.value.contract.id;
    const again = await act('daily', a, { action: 'offer', downlineId: b.id, terms: daily(['0', 0, '1']) });
    expect(again).toMatchObject({ success: false, errorCode: 'contract_offer_pending' });

    const flags = (
      await client.send({
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        moduleId: 'COMM3',
        token: b.token,
      })
    ).json();
    expect(flags.value).toMatchObject({ dailysalreqtype: firstDaily, dailysalinfotype: '' });

    expect((await act('daily', c, { action: 'accept', contractId: firstDaily })).errorCode).toBe('not_found');
    const accepted = await act('daily', b, { action: 'accept', contractId: firstDaily });
    expect(accepted).toMatchObject({ success: true, value: { contract: { status: 'active' } } });
    expect(accepted.value.contract.history.map((h: { action: string }) => h.action)).toEqual(['offered', 'accepted']);
    expect((await act('daily', b, { action: 'accept', contractId: firstDaily })).errorCode).toBe(
      'contract_already_decided',
    );
    const after = (
      await client.send({
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        moduleId: 'COMM3',
        token: b.token,
      })
    ).json();
    expect(after.value).toMatchObject({ dailysalreqtype: '', dailysalinfotype: '1' });

    const above = await act('daily', b, { action: 'offer', downlineId: c.id, terms: daily(['0', 0, '2.5']) });
    expect(above).toMatchObject({ success: false, errorCode: 'contract_rate_above_upline' });
    const toC = await act('daily', b, { action: 'offer', downlineId: c.id, terms: daily(['0', 0, '1.8']) });
    expect(toC.success).toBe(true);
    bToC = toC.value.contract.id;
    expect((await act('daily', c, { action: 'accept', contractId: bToC })).success).toBe(true);

    // A withdrawn offer cannot be accepted.
    const hourly = await act('hourly', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'hourly', tiers: [{ betAmount: '0', rate: '0.5' }] },
    });
    expect((await act('hourly', a, { action: 'withdraw', contractId: hourly.value.contract.id })).success).toBe(true);
    expect((await act('hourly', b, { action: 'accept', contractId: hourly.value.contract.id })).errorCode).toBe(
      'contract_already_decided',
    );
  });

  it('higher_rate: a lower offer asks for confirmation on both sides, then ends the downline contract above it', async () => {
    const before = await rowCounts();
    const refused = await act('daily', a, { action: 'offer', downlineId: b.id, terms: daily(['0', 0, '1.5']) });
    expect(refused).toMatchObject({ success: false, errorCode: 'contract_higher_rate' });
    expect(await rowCounts()).toEqual(before);
    const offered = await act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: daily(['0', 0, '1.5']),
      confirmHigherRate: true,
    });
    expect(offered.success).toBe(true);
    const id = offered.value.contract.id;
    const unconfirmed = await act('daily', b, { action: 'accept', contractId: id });
    expect(unconfirmed).toMatchObject({ success: false, errorCode: 'contract_higher_rate' });
    const accepted = await act('daily', b, { action: 'accept', contractId: id, confirmHigherRate: true });
    expect(accepted.success).toBe(true);
    expect(accepted.value.ended).toEqual([bToC]);
    const list = (await act('daily', c, { action: 'list' })).value.contracts;
    expect(list.find((row: { id: string }) => row.id === bToC)).toMatchObject({ status: 'terminated' });
    // The replaced contract ends where the new one starts: the next day.
    const old = (await act('daily', b, { action: 'list' })).value.contracts.find(
      (row: { id: string }) => row.id === firstDaily,
    );
    expect(old).toMatchObject({ status: 'terminated', endsAt: accepted.value.contract.startsAt });
  });

  it("settles the day once: B's statement equals a recomputation from the raw rounds, paid by the platform", async () => {
    await play(p1, 1_000n, 0n);
    await play(p2, 2_500n, 5_000n);
    await play(p3, 700n, 100n);
    await play(c, 300n, 0n);
    await t.services.events.drain();
    const { rows } = await t.database.pool.query<{ valid: string; bets: string; payouts: string; active: number }>(
      `SELECT sum(valid_bet)::text AS valid, sum(bet_amount)::text AS bets, sum(payout)::text AS payouts,
              count(DISTINCT member_id)::int AS active
         FROM bet_rounds WHERE member_id = ANY($1::uuid[]) AND status = 'settled'`,
      [[c.id, p1.id, p2.id, p3.id]],
    );
    const raw = rows[0] as { valid: string; active: number };
    const balanceBefore = await mainBalance(b.id);
    const tomorrow = new Date(Date.now() + 86_400_000 + 120_000);
    await Promise.all([t.services.agentContracts.settleDue(tomorrow), t.services.agentContracts.settleDue(tomorrow)]);
    const statements = (
      await client.send({
        method: 'GET',
        url: '/wps/agent/contracts/statements?kind=daily',
        moduleId: 'COMM3',
        token: b.token,
      })
    ).json().value;
    const mine = statements.list.filter((s: { contractId: string }) => s.contractId === firstDaily);
    expect(mine).toHaveLength(1);
    const valid = BigInt(raw.valid);
    // Tier 2 needs 10.00 and 2 active members; its rate 2 %.
    const expected = (valid * 200n) / 10_000n;
    expect(mine[0]).toMatchObject({
      tier: 2,
      rate: '2.00',
      status: 'paid',
      inputs: { validBet: (Number(valid) / 100).toFixed(2), activeMembers: raw.active },
      amount: (Number(expected) / 100).toFixed(2),
    });
    expect(statements.chainIntact).toBe(true);
    expect((await mainBalance(b.id)) - balanceBefore).toBe(expected);
    // The upline sees the same statement.
    const paid = (
      await client.send({
        method: 'GET',
        url: '/wps/agent/contracts/statements?kind=daily&side=paid',
        moduleId: 'COMM3',
        token: a.token,
      })
    ).json().value.list;
    expect(paid.find((s: { id: string }) => s.id === mine[0].id)).toEqual(mine[0]);
  });

  it('an upline short of balance leaves the statement insufficient, then partial, then paid; never negative', async () => {
    await admin('PUT', '/api/admin/merchants/demo/agent-contract-settings', {
      payer: 'upline',
      allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
      maxRates: { dividend: '50', daily: '3', hourly: '2', realtime: '2' },
      noticeDays: 0,
    }).then((r) => expect(r.json().success).toBe(true));
    const offer = await act('realtime', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'realtime', winRate: '1', lossRate: '2', minBet: '1' },
    });
    expect((await act('realtime', b, { action: 'accept', contractId: offer.value.contract.id })).success).toBe(true);
    const contractId = offer.value.contract.id as string;
    await play(p1, 100_000n, 0n); // lost: 2 % of 1,000.00 = 20.00
    await play(p2, 50_000n, 90_000n); // won: 1 % of 500.00 = 5.00
    await play(p3, 50n, 0n); // under the single-bet minimum of 1.00
    await t.services.events.drain();
    const aBalance = await mainBalance(a.id);
    const soon = new Date(Date.now() + 10 * 60_000);
    // The upline's balance is what it is; top it to exactly 10.00 short of nothing: drain it first.
    if (aBalance > 0n) throw new Error('the top agent starts with no balance in this test');
    await t.services.agentContracts.settleDue(soon);
    const statement = async () =>
      (await admin('GET', `/api/admin/merchants/demo/agent-contract-statements?contractId=${contractId}`)).json().value
        .list[0];
    expect(await statement()).toMatchObject({
      amount: '25.00',
      paid: '0.00',
      status: 'insufficient',
      inputs: { rounds: 2 },
    });
    await fund(a.id, 1_000n);
    await t.services.agentContracts.payUnpaid();
    expect(await statement()).toMatchObject({ paid: '10.00', status: 'partial' });
    expect(await mainBalance(a.id)).toBe(0n);
    await fund(a.id, 5_000n);
    await t.services.agentContracts.settleDue(soon);
    expect(await statement()).toMatchObject({ paid: '25.00', status: 'paid' });
    expect(await mainBalance(a.id)).toBe(3_500n);
  });

  it('exactly once: 4 concurrent runners, 3 times, over more than 1,000 periods; one statement and payment each', async () => {
    await admin('PUT', '/api/admin/merchants/demo/agent-contract-settings', {
      payer: 'platform',
      allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
      maxRates: { dividend: '50', daily: '3', hourly: '2', realtime: '2' },
      noticeDays: 0,
    });
    const hourly = await act('hourly', b, {
      action: 'offer',
      downlineId: c.id,
      terms: {
        kind: 'hourly',
        tiers: [
          { betAmount: '0', rate: '0.1' },
          { betAmount: '5', rate: '0.2' },
        ],
      },
    });
    expect(hourly.success).toBe(false); // B holds no hourly contract: nothing to share
    const ah = await act('hourly', a, {
      action: 'offer',
      downlineId: b.id,
      terms: {
        kind: 'hourly',
        tiers: [
          { betAmount: '0', rate: '0.1' },
          { betAmount: '5', rate: '0.2' },
        ],
      },
    });
    expect((await act('hourly', b, { action: 'accept', contractId: ah.value.contract.id })).success).toBe(true);
    const id = ah.value.contract.id as string;
    // The contract started 45 days ago: 1,080 hours to settle. Rounds at random hours in between.
    const start = new Date(Math.floor((Date.now() - 45 * 86_400_000) / 3_600_000) * 3_600_000);
    await t.database.pool.query('UPDATE agent_contracts SET starts_at = $2 WHERE id = $1', [id, start]);
    const hours = Math.floor((Date.now() - start.getTime()) / 3_600_000);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 300; i += 1) {
      const at = new Date(start.getTime() + Math.floor(random() * (hours - 1)) * 3_600_000 + 60_000);
      await play([p1, p2, p3][i % 3] as Member, BigInt(100 + Math.floor(random() * 2_000)), 0n, at, 'test-hourly');
    }
    await t.services.events.drain();
    const now = new Date(Date.now() + 5 * 60_000);
    const balanceBefore = await mainBalance(b.id);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 4 }, () => t.services.agentContracts.settleDue(now)));
    }
    const { rows } = await t.database.pool.query<{
      statements: number;
      periods: number;
      paid: string;
      payments: number;
      owed: string;
    }>(
      `SELECT count(*)::int AS statements, count(DISTINCT period_start)::int AS periods, sum(paid)::text AS paid,
              sum(amount)::text AS owed,
              (SELECT count(*) FROM agent_contract_payments p JOIN agent_contract_statements s2 ON s2.id = p.statement_id
                WHERE s2.contract_id = $1)::int AS payments
         FROM agent_contract_statements WHERE contract_id = $1`,
      [id],
    );
    const summary = rows[0] as { statements: number; periods: number; paid: string; payments: number; owed: string };
    expect(summary.statements).toBeGreaterThanOrEqual(1_000);
    expect(summary.statements).toBe(summary.periods);
    expect(summary.paid).toBe(summary.owed);
    const { rows: due } = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_contract_statements WHERE contract_id = $1 AND amount > 0',
      [id],
    );
    expect(summary.payments).toBe(due[0]?.n);
    expect((await mainBalance(b.id)) - balanceBefore).toBe(BigInt(summary.owed));
    // Every round counted once, and each statement equals its hour's rounds.
    const { rows: check } = await t.database.pool.query<{ bad: number; unassigned: number }>(
      `SELECT (SELECT count(*) FROM agent_contract_statements s WHERE s.contract_id = $1 AND
                 (s.inputs->>'validBet')::bigint <> coalesce((SELECT sum(r.valid_bet) FROM bet_rounds r
                   WHERE r.member_id = ANY($2::uuid[]) AND r.settled_at >= s.period_start AND r.settled_at < s.period_end
                     AND r.provider = 'test-hourly'), 0))::int AS bad,
              (SELECT count(*) FROM agent_contract_accruals a WHERE a.contract_id = $1 AND NOT EXISTS (
                 SELECT 1 FROM agent_contract_statements s WHERE s.contract_id = a.contract_id
                    AND s.taken_through >= a.seq AND s.period_end > a.settled_at))::int AS unassigned`,
      [id, [c.id, p1.id, p2.id, p3.id]],
    );
    expect(check[0]).toEqual({ bad: 0, unassigned: 0 });
    expect(await t.services.agentContracts.verifyChain(id)).toBe(true);
    const reconcile = await reconcileLedger(t.database.pool);
    expect(reconcile.filter((r) => r.discrepancies > 0)).toEqual([]);
  }, 400_000);

  it('catch-up: 24 hours of missed real-time windows settle in order, 288 statements', async () => {
    const offer = await act('realtime', b, {
      action: 'offer',
      downlineId: c.id,
      terms: { kind: 'realtime', winRate: '0.5', lossRate: '1', minBet: '0' },
    });
    expect(offer.success).toBe(true);
    expect((await act('realtime', c, { action: 'accept', contractId: offer.value.contract.id })).success).toBe(true);
    const id = offer.value.contract.id as string;
    const start = new Date(Math.floor((Date.now() - 86_400_000) / 300_000) * 300_000 - 86_400_000);
    await t.database.pool.query('UPDATE agent_contracts SET starts_at = $2 WHERE id = $1', [id, start]);
    for (let w = 0; w < 288; w += 1) {
      await play(w % 2 ? p1 : p2, 1_000n, w % 3 ? 0n : 3_000n, new Date(start.getTime() + w * 300_000 + 1_000));
    }
    await t.services.events.drain();
    const began = Date.now();
    await t.services.agentContracts.settleDue(new Date(start.getTime() + 86_400_000 + 120_000));
    const seconds = (Date.now() - began) / 1000;
    console.log(`catch-up of 288 windows: ${seconds.toFixed(1)} s`);
    const { rows } = await t.database.pool.query<{ seq: number; start: Date; amount: string }>(
      'SELECT seq, period_start AS start, amount::text FROM agent_contract_statements WHERE contract_id = $1 ORDER BY seq',
      [id],
    );
    expect(rows).toHaveLength(288);
    rows.forEach((row, i) => {
      expect(row.seq).toBe(i + 1);
      expect(row.start.getTime()).toBe(start.getTime() + i * 300_000);
      // A win pays 0.5 % of 10.00 = 0.05; a loss 1 % = 0.10.
      expect(row.amount).toBe(i % 3 ? '10' : '5');
    });
    expect(await t.services.agentContracts.verifyChain(id)).toBe(true);
    // A rewritten statement breaks the chain.
    await t.database.pool.query('UPDATE agent_contract_statements SET amount = 99 WHERE contract_id = $1 AND seq = 5', [
      id,
    ]);
    expect(await t.services.agentContracts.verifyChain(id)).toBe(false);
  }, 300_000);

  it('a round delivered after its window settled is taken by the next window, a round of a later window already there by its own; each once', async () => {
    // The catch-up test's real-time salary (B to C): its 288th statement ends a day after its start.
    const { rows: contracts } = await t.database.pool.query<{ id: string; end: Date; seq: number }>(
      `SELECT s.contract_id AS id, s.period_end AS end, s.seq FROM agent_contract_statements s
         JOIN agent_contracts c ON c.id = s.contract_id
        WHERE c.kind = 'realtime' AND c.downline_id = $1 ORDER BY s.seq DESC LIMIT 1`,
      [c.id],
    );
    const { id, end, seq } = contracts[0] as { id: string; end: Date; seq: number };
    const minute = 60_000;
    // Window 1 after the last statement gets a round; window 3 gets one already (delivered before window 1 settles).
    await play(p1, 1_000n, 0n, new Date(end.getTime() + minute));
    await play(p2, 2_000n, 0n, new Date(end.getTime() + 10 * minute + 1_000));
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(new Date(end.getTime() + 7 * minute));
    // Then a round of window 1, settled after it was: late.
    await play(p1, 3_000n, 0n, new Date(end.getTime() + 2 * minute));
    await t.services.events.drain();
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(
        Array.from({ length: 3 }, () => t.services.agentContracts.settleDue(new Date(end.getTime() + 17 * minute))),
      );
    }
    const { rows } = await t.database.pool.query<{
      seq: number;
      start: Date;
      rounds: number;
      validBet: string;
      amount: string;
    }>(
      `SELECT seq, period_start AS start, (inputs->>'rounds')::int AS rounds, inputs->>'validBet' AS "validBet",
              amount::text FROM agent_contract_statements WHERE contract_id = $1 AND seq > $2 ORDER BY seq`,
      [id, seq],
    );
    // Loss rate 1 %: 10.00 pays 0.10, 30.00 pays 0.30, 20.00 pays 0.20.
    expect(rows.map((row) => [row.start.getTime() - end.getTime(), row.rounds, row.validBet, row.amount])).toEqual([
      [0, 1, '1000', '10'],
      [5 * minute, 1, '3000', '30'],
      [10 * minute, 1, '2000', '20'],
    ]);
    // Each accrual in exactly one statement: the first whose mark reaches it and whose period ends after it settled.
    const { rows: holders } = await t.database.pool.query<{ holders: number }>(
      `SELECT (SELECT count(*) FROM agent_contract_statements s WHERE s.contract_id = a.contract_id
                  AND s.taken_through >= a.seq AND s.period_end > a.settled_at AND s.seq > $2
                  AND NOT EXISTS (SELECT 1 FROM agent_contract_statements p WHERE p.contract_id = s.contract_id
                                    AND p.seq = s.seq - 1 AND p.taken_through >= a.seq AND p.period_end > a.settled_at))::int
                AS holders
         FROM agent_contract_accruals a WHERE a.contract_id = $1 AND a.settled_at >= $3`,
      [id, seq, end],
    );
    expect(holders.map((row) => row.holders)).toEqual([1, 1, 1]);
  }, 120_000);

  it('SIGKILL in the middle of runs over 1,080 randomized hours, then 4 concurrent runners 3 times: each period once', async () => {
    const offer = await act('hourly', b, {
      action: 'offer',
      downlineId: c.id,
      terms: {
        kind: 'hourly',
        tiers: [
          { betAmount: '0', rate: '0.05' },
          { betAmount: '15', rate: '0.1' },
        ],
      },
    });
    expect(offer.success).toBe(true);
    expect((await act('hourly', c, { action: 'accept', contractId: offer.value.contract.id })).success).toBe(true);
    const id = offer.value.contract.id as string;
    const start = new Date(Math.floor((Date.now() - 45 * 86_400_000) / 3_600_000) * 3_600_000);
    await t.database.pool.query('UPDATE agent_contracts SET starts_at = $2 WHERE id = $1', [id, start]);
    const hours = Math.floor((Date.now() - start.getTime()) / 3_600_000);
    // Randomized periods: rounds at random hours (some hours several, most none), random stakes, wins and losses.
    let seed = Number(process.env.CONTRACTS_SEED ?? Date.now() % 2_147_483_647);
    console.log(`SIGKILL test seed: ${seed} (CONTRACTS_SEED to repeat)`);
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 400; i += 1) {
      const at = new Date(start.getTime() + Math.floor(random() * (hours - 1)) * 3_600_000 + 1_000 + i);
      const stake = BigInt(100 + Math.floor(random() * 2_500));
      await play(random() < 0.5 ? p1 : p2, stake, random() < 0.4 ? stake * 2n : 0n, at, 'test-kill');
    }
    await t.services.events.drain();
    const at = new Date(Date.now() + 5 * 60_000).toISOString();
    const statements = async () =>
      Number(
        (
          await t.database.pool.query<{ n: string }>(
            'SELECT count(*)::text AS n FROM agent_contract_statements WHERE contract_id = $1',
            [id],
          )
        ).rows[0]?.n,
      );
    const runners = (n: number) =>
      spawnRunners(
        path.resolve(import.meta.dirname, '../../../test/settlement-runner.ts'),
        { DATABASE_URL: t.database.url, AT_ISO: at },
        n,
      );
    const killAll = killProcesses;
    // Four runner processes, killed (SIGKILL) at a random point while they settle; then two more, killed again.
    let killedAt = 0;
    for (const [count, upTo] of [
      [4, 80 + Math.floor(random() * 300)],
      [2, 450 + Math.floor(random() * 300)],
    ] as const) {
      const children = runners(count);
      await waitFor(async () => (await statements()) >= upTo, 180_000);
      await killAll(children);
      killedAt = await statements();
      expect(killedAt).toBeLessThan(hours);
    }
    console.log(`SIGKILL: ${killedAt} of ${hours} hours settled when the last runners were killed`);
    // Four concurrent runners, three times over: every period is rerun, none is settled twice.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 4 }, () => t.services.agentContracts.settleDue(new Date(at))));
    }
    const { rows } = await t.database.pool.query<{
      statements: number;
      periods: number;
      owed: string;
      paid: string;
      payments: number;
      due: number;
      seqs: number;
    }>(
      `SELECT count(*)::int AS statements, count(DISTINCT period_start)::int AS periods, sum(amount)::text AS owed,
              sum(paid)::text AS paid, count(*) FILTER (WHERE amount > 0)::int AS due, max(seq)::int AS seqs,
              (SELECT count(*) FROM agent_contract_payments p JOIN agent_contract_statements s2 ON s2.id = p.statement_id
                WHERE s2.contract_id = $1)::int AS payments
         FROM agent_contract_statements WHERE contract_id = $1`,
      [id],
    );
    const summary = rows[0] as (typeof rows)[number];
    expect(summary.statements).toBeGreaterThanOrEqual(1_000);
    expect(summary.statements).toBe(summary.periods);
    expect(summary.seqs).toBe(summary.statements);
    expect(summary.paid).toBe(summary.owed);
    expect(summary.payments).toBe(summary.due);
    // One run per period, none failed; each statement equals its hour's rounds, each round taken once.
    const { rows: check } = await t.database.pool.query<{
      runs: number;
      failed: number;
      bad: number;
      unassigned: number;
    }>(
      `SELECT (SELECT count(*) FROM agent_contract_runs WHERE contract_id = $1)::int AS runs,
              (SELECT count(*) FROM agent_contract_runs WHERE contract_id = $1 AND status = 'failed')::int AS failed,
              (SELECT count(*) FROM agent_contract_statements s WHERE s.contract_id = $1 AND
                 (s.inputs->>'validBet')::bigint <> coalesce((SELECT sum(r.valid_bet) FROM bet_rounds r
                   WHERE r.settled_at >= s.period_start AND r.settled_at < s.period_end
                     AND r.provider = 'test-kill'), 0))::int AS bad,
              (SELECT count(*) FROM agent_contract_accruals a WHERE a.contract_id = $1 AND NOT EXISTS (
                 SELECT 1 FROM agent_contract_statements s WHERE s.contract_id = a.contract_id
                    AND s.taken_through >= a.seq AND s.period_end > a.settled_at))::int AS unassigned`,
      [id],
    );
    expect(check[0]).toEqual({ runs: summary.statements, failed: 0, bad: 0, unassigned: 0 });
    expect(await t.services.agentContracts.verifyChain(id)).toBe(true);
    expect((await reconcileLedger(t.database.pool)).filter((r) => r.discrepancies > 0)).toEqual([]);
  }, 600_000);

  it('a failed run is listed and an operator reruns it; the back office lists contracts and runs', async () => {
    const contracts = (await admin('GET', '/api/admin/merchants/demo/agent-contracts?kind=daily')).json();
    expect(contracts.success).toBe(true);
    expect(contracts.value.total).toBeGreaterThanOrEqual(3);
    const runs = (await admin('GET', '/api/admin/merchants/demo/agent-contract-runs')).json();
    expect(runs.value.total).toBeGreaterThan(1_000);
    const settled = runs.value.list[0].id as string;
    const again = (await admin('POST', `/api/admin/merchants/demo/agent-contract-runs/${settled}/rerun`, {})).json();
    expect(again).toMatchObject({ success: false, errorCode: 'contract_run_settled' });
    // Break one run on purpose: a failed run for tomorrow's period of a daily contract, then rerun it.
    const { rows } = await t.database.pool.query<{ id: string }>(
      `INSERT INTO agent_contract_runs (contract_id, merchant_code, period_start, period_end, status, error)
       SELECT id, merchant_code, date_trunc('day', now()) - interval '1 day', date_trunc('day', now()), 'failed', 'test'
         FROM agent_contracts WHERE id = $1 RETURNING id`,
      [bToC],
    );
    const failedId = rows[0]?.id as string;
    const rerun = (await admin('POST', `/api/admin/merchants/demo/agent-contract-runs/${failedId}/rerun`, {})).json();
    expect(rerun).toMatchObject({ success: true, value: { status: 'settled', attempts: 2 } });
  });
});
