import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../../test/agent-contracts';
import type { memberClient } from '../../../test/member-client';
import type { TestApp } from '../../../test/test-app';
import { periodAt } from './agent-contracts.rules';

/**
 * Members on a break or self-excluded stop counting for their agents' contracts (issue 31, decision 0110), on a real
 * PostgreSQL: B's team has three members who all play today; one self-excludes (through the member's own call, so the
 * fact reaches the contracts by the `member.blocked` event). Today's dividend, daily, hourly and real-time statements
 * count the other two only (the dividend and the daily fall to the two-member tier) and say one member was left out;
 * settling again changes nothing, a break taken after the settlement does not rewrite it, and a contract on another
 * merchant is not touched.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;

const { newMember, act, play } = contractSuite(async (app, appClient) => {
  t = app;
  client = appClient;
  ownerToken = await app.operatorToken();
});

type Kind = 'dividend' | 'daily' | 'hourly' | 'realtime';

const TERMS = {
  dividend: {
    kind: 'dividend',
    period: 'D',
    tiers: [
      { validBet: '0', loss: '0', activeMembers: 1, rate: '10' },
      { validBet: '0', loss: '0', activeMembers: 3, rate: '20' },
    ],
  },
  daily: {
    kind: 'daily',
    tiers: [
      { betAmount: '0', activeMembers: 1, rate: '1' },
      { betAmount: '0', activeMembers: 3, rate: '2' },
    ],
  },
  hourly: { kind: 'hourly', tiers: [{ betAmount: '0', rate: '1' }] },
  realtime: { kind: 'realtime', winRate: '1', lossRate: '1', minBet: '0' },
} as const;

const statements = async (contractId: string) =>
  (
    await t.database.pool.query<{
      seq: number;
      start: Date;
      inputs: Record<string, string | number>;
      tier: number | null;
      amount: string;
      hash: string;
    }>(
      `SELECT seq, period_start AS start, inputs, tier, amount::text, hash FROM agent_contract_statements
        WHERE contract_id = $1 ORDER BY seq`,
      [contractId],
    )
  ).rows;

/** The member's own break or self-exclusion on this merchant only, through the site's call; whether it was taken. */
const block = async (member: Member, kind: 'break' | 'self_exclusion', duration: string): Promise<boolean> =>
  (
    await client.send({
      method: 'POST',
      url: '/wps/responsible-gaming/block',
      moduleId: 'COMM3',
      token: member.token,
      payload: { kind, duration, allMerchants: false, confirm: true },
    })
  ).json().success;

describe('agent contracts leave out members on a break or self-excluded', () => {
  let a: Member;
  let b: Member;
  const players: Member[] = [];
  const ids: Record<Kind, string> = { dividend: '', daily: '', hourly: '', realtime: '' };
  let sisterContract = '';
  let sisterPlayer = '';
  let playedAt: Date;
  const today = periodAt('D', new Date());

  it('gives B, with three members, a dividend, a daily, an hourly and a real-time salary running today', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/merchants/demo/agent-contract-settings',
      headers: { authorization: ownerToken },
      payload: {
        payer: 'platform',
        allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
        maxRates: { dividend: '50', daily: '3', hourly: '2', realtime: '2' },
        noticeDays: 0,
      },
    });
    expect(saved.json().success).toBe(true);
    a = await newMember('cxba', null, 1);
    b = await newMember('cxbb', a.id, 1);
    for (const name of ['cxbp1', 'cxbp2', 'cxbp3']) players.push(await newMember(name, b.id, 0));
    await t.services.events.drain();
    for (const m of [a, b, ...players]) m.token = await client.login(m.account, 'Secret123');
    for (const kind of ['dividend', 'daily', 'hourly', 'realtime'] as const) {
      const offered = await act(kind, a, { action: 'offer', downlineId: b.id, terms: TERMS[kind] });
      expect(offered.success).toBe(true);
      ids[kind] = offered.value.contract.id;
      expect((await act(kind, b, { action: 'accept', contractId: ids[kind] })).success).toBe(true);
      await t.database.pool.query('UPDATE agent_contracts SET starts_at = $2 WHERE id = $1', [ids[kind], today.start]);
    }
  });

  it('on another merchant, an agent holds a dividend over one member of its own', async () => {
    const demo = await t.services.merchants.resolve({ code: 'demo', host: '' });
    await t.services.merchants.createIfAbsent('cxsister', {
      ...demo?.settings,
      name: 'cxsister',
      domains: ['cxsister.test'],
    } as never);
    const create = async (username: string, uplineId: string | null, type: number) => {
      const created = await t.services.members.create({
        merchantCode: 'cxsister',
        username,
        account: username,
        nickname: username,
        passwordHash: 'x',
        uplineId,
        type,
      });
      if (!('row' in created)) throw new Error(`member ${username} not created`);
      return created.row.id;
    };
    const top = await create('cxsa', null, 1);
    const agent = await create('cxsb', top, 1);
    sisterPlayer = await create('cxsp', agent, 0);
    await t.services.events.drain();
    const { rows } = await t.database.pool.query<{ id: string }>(
      `INSERT INTO agent_contracts (merchant_code, currency, kind, status, terms, top_rate_bp, period, upline_id,
         upline_account, downline_id, downline_account, payer, decided_at, starts_at)
       VALUES ('cxsister', 'USD', 'dividend', 'active', $1, 2000, 'D', $2, 'cxsa', $3, 'cxsb', 'platform', now(), $4)
       RETURNING id`,
      [JSON.stringify(TERMS.dividend), top, agent, today.start],
    );
    sisterContract = rows[0]?.id ?? '';
    expect(sisterContract).not.toBe('');
  });

  it('three members play, then the third self-excludes: the event reaches the contracts', async () => {
    playedAt = new Date();
    // 100.00 lost, 50.00 staked for a 20.00 payout, 200.00 lost; and the sister merchant's member 100.00 lost.
    await play(players[0] as Member, 10_000n, 0n, playedAt);
    await play(players[1] as Member, 5_000n, 2_000n, playedAt);
    await play(players[2] as Member, 20_000n, 0n, playedAt);
    await t.services.bets.recordSettledRound({
      merchantCode: 'cxsister',
      memberId: sisterPlayer,
      source: 'test',
      provider: 'test',
      roundRef: `cxsister-${playedAt.getTime()}`,
      gameId: 1,
      gameType: 'ELOTTO' as never,
      vendorCode: 'TEST',
      currency: 'USD',
      betAmount: 10_000n,
      payout: 0n,
      settledAt: playedAt,
    });
    expect(await block(players[2] as Member, 'self_exclusion', '6m')).toBe(true);
    await t.services.events.drain();
    const { rows } = await t.database.pool.query<{ memberId: string; kind: string; merchantCode: string }>(
      `SELECT member_id AS "memberId", kind, merchant_code AS "merchantCode" FROM agent_contract_member_blocks
        WHERE member_id = ANY($1::uuid[])`,
      [players.map((p) => p.id)],
    );
    expect(rows).toEqual([{ memberId: (players[2] as Member).id, kind: 'self_exclusion', merchantCode: 'demo' }]);
  });

  it('settles today without the excluded member: headcount, tier, stake, loss and amount of the other two', async () => {
    const tomorrow = new Date(today.end.getTime() + 2 * 60_000);
    await t.services.agentContracts.settleDue(tomorrow);

    // Counted: 100.00 + 50.00 staked, 100.00 + 30.00 lost, two active members: the one-member tier's 10 % of 130.00.
    // Counting the third (200.00 lost, three members) would have paid 20 % of 330.00.
    const dividend = await statements(ids.dividend);
    expect(dividend).toHaveLength(1);
    expect(dividend[0]).toMatchObject({
      start: today.start,
      inputs: { validBet: '15000', loss: '13000', activeMembers: 2, rounds: 2, leftOutMembers: 1 },
      tier: 1,
      amount: '1300',
    });

    // The daily salary reads the agents' day totals and takes the third member's own out: 1 % of 150.00.
    const daily = await statements(ids.daily);
    expect(daily[0]).toMatchObject({
      inputs: { validBet: '15000', loss: '13000', activeMembers: 2, leftOutMembers: 1 },
      tier: 1,
      amount: '150',
    });

    const hour = periodAt('hour', playedAt).start;
    const hourly = (await statements(ids.hourly)).filter((s) => Number(s.amount) > 0);
    expect(hourly).toEqual([
      expect.objectContaining({
        start: hour,
        inputs: { rounds: 2, validBet: '15000', leftOutMembers: 1 },
        amount: '150',
      }),
    ]);
    // Every other hour of the day counts nothing and left nobody out.
    for (const s of await statements(ids.hourly)) if (s.start.getTime() !== hour.getTime()) expect(s.amount).toBe('0');

    const realtime = await statements(ids.realtime);
    expect(realtime).toEqual([
      expect.objectContaining({
        start: periodAt('window', playedAt).start,
        inputs: { rounds: 2, wonRounds: 0, validBet: '15000', leftOutMembers: 1 },
        amount: '150',
      }),
    ]);

    // Paid through the ledger: B received the four amounts.
    const { available } = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: b.id, wallet: 'main' },
    });
    expect(available).toBe(1300n + 150n + 150n + 150n);
  });

  it('the other merchant is not touched: its member counts', async () => {
    const sister = await statements(sisterContract);
    expect(sister).toHaveLength(1);
    expect(sister[0]).toMatchObject({
      inputs: { validBet: '10000', loss: '10000', activeMembers: 1, rounds: 1 },
      amount: '1000',
    });
    expect(sister[0]?.inputs).not.toHaveProperty('leftOutMembers');
  });

  it('settling again, a redelivered block and a break taken after the settlement change nothing', async () => {
    const before = await Promise.all([...Object.values(ids), sisterContract].map(statements));
    const tomorrow = new Date(today.end.getTime() + 2 * 60_000);
    await t.services.agentContracts.settleDue(tomorrow);
    await t.services.agentContracts.settleDue(tomorrow);
    // The same event delivered again (as after a replay) records no second row.
    const recorded = (
      await t.database.pool.query<{ startsAt: Date; endsAt: Date | null }>(
        `SELECT starts_at AS "startsAt", ends_at AS "endsAt" FROM agent_contract_member_blocks WHERE member_id = $1`,
        [(players[2] as Member).id],
      )
    ).rows[0] as { startsAt: Date; endsAt: Date | null };
    const tx = await t.database.pool.connect();
    try {
      await t.services.agentContracts.recordBlock(tx, {
        merchantCode: 'demo',
        memberId: (players[2] as Member).id,
        kind: 'self_exclusion',
        startsAt: recorded.startsAt.toISOString(),
        endsAt: recorded.endsAt?.toISOString() ?? null,
      });
    } finally {
      tx.release();
    }
    const copies = await t.database.pool.query('SELECT 1 FROM agent_contract_member_blocks WHERE member_id = $1', [
      (players[2] as Member).id,
    ]);
    expect(copies.rowCount).toBe(1);
    // The second member takes a break now: today's settled statements stay as they were.
    expect(await block(players[1] as Member, 'break', '24h')).toBe(true);
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(tomorrow);
    expect(await Promise.all([...Object.values(ids), sisterContract].map(statements))).toEqual(before);
    for (const id of Object.values(ids)) expect(await t.services.agentContracts.verifyChain(id)).toBe(true);
  });
});
