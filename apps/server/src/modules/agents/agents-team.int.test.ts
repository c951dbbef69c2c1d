import { randomUUID } from 'node:crypto';
import type { DownlinePage } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';
import { DOWNLINES_PER_HOUR } from './agents-team.service';

/**
 * The agent centre's team pages on a real PostgreSQL: the register centre creating downline accounts (placed at
 * once, by the merchant's rules, refused to a frozen agent), team betting, user P&L, my income and account details
 * equal to a recomputation from the raw rows, and every team endpoint answering not_found for a member of a sibling
 * branch, the upline, another merchant, or the agent itself.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;
const today = new Date().toISOString().slice(0, 10);
const range = `from=${today}&to=${today}`;

interface Member {
  id: string;
  account: string;
  token: string;
}

const site = (method: 'GET' | 'POST', url: string, moduleId: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId, token, ...(payload ? { payload } : {}) });

const newMember = async (username: string, merchantCode = 'demo'): Promise<Member> => {
  const created = await t.services.members.create({
    merchantCode,
    username,
    account: username,
    nickname: username,
    passwordHash: await hashPassword('Secret123'),
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const token = merchantCode === 'demo' ? await client.login(username, 'Secret123') : '';
  return { id: created.row.id, account: username, token };
};

/** The owner makes a member an agent of type 1 in the back office. */
const makeAgent = async (member: Member) => {
  const made = await t.request({
    method: 'POST',
    url: `/api/admin/merchants/demo/agent-tree/${member.id}/agent-type`,
    headers: { authorization: ownerToken },
    payload: { agentType: 1 },
  });
  expect(made.json().success).toBe(true);
};

const createDownline = (agent: Member, payload: object) =>
  site('POST', '/wps/agent/team/members', 'AGEREGDOWN3', agent.token, payload);

/** Creates a downline account through the register centre and signs it in. */
const created = async (agent: Member, username: string, kind: 'member' | 'agent'): Promise<Member> => {
  const response = await createDownline(agent, {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    kind,
  });
  const body = response.json();
  if (!body.success) throw new Error(`create ${username} failed: ${response.body}`);
  return { id: body.value.memberId, account: username, token: await client.login(username, 'Secret123') };
};

const get = async <T>(agent: Member, path: string, moduleId: string, query = ''): Promise<T> => {
  const body = (await site('GET', `${path}?${range}${query}`, moduleId, agent.token)).json();
  if (!body.success) throw new Error(`${path} failed: ${body.errorCode}`);
  return body.value as T;
};

const fund = async (memberId: string, amount: bigint, type = 'deposit') => {
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type,
    idempotencyKey: `agents-team:${memberId}:${randomUUID()}`,
    from: { house: 'deposits' },
    to: { member: memberId, wallet: 'main' },
    amount,
  });
};

const dice = (token: string, stake: string) =>
  client.send({
    method: 'POST',
    url: '/wps/inhouse/bets',
    moduleId: 'COMM3',
    token,
    payload: { game: 'dice', stake, idempotencyKey: randomUUID(), params: { target: 5000, direction: 'under' } },
  });

const major = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

let upline: Member;
let agent: Member;
let sibling: Member;
let siblingFriend: Member;
let first: Member;
let subAgent: Member;
let deep: Member;
let stranger: Member;

describe('agents team pages', () => {
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        events: { deliver: false },
        ...(process.env.H4_LOG
          ? {
              logStream: {
                write: (line: string) => {
                  if (line.includes('"level":50')) console.error(line);
                },
              },
            }
          : {}),
      },
    );
    client = memberClient(t);
    ownerToken = await t.operatorToken();
    const demo = await t.services.merchants.get('demo');
    if (!demo) throw new Error('no demo merchant');
    await t.services.merchants.createIfAbsent('other', { ...demo.settings, name: 'Other', domains: ['other.test'] });
    upline = await newMember('teamtop');
    await makeAgent(upline);
    agent = await created(upline, 'teamann', 'agent');
    sibling = await created(upline, 'teamsib', 'agent');
    siblingFriend = await created(sibling, 'teamsibfr', 'member');
    stranger = await newMember('teamstranger', 'other');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the register centre creates members and agents under the agent, placed at once', async () => {
    first = await created(agent, 'teamfirst', 'member');
    subAgent = await created(agent, 'teamsub', 'agent');
    deep = await created(subAgent, 'teamdeep', 'member');
    // No event delivery needed: the downline shows them at once, with status, registration, login and balance.
    const page = await get<DownlinePage>(agent, '/wps/agent/team/members', 'DOWNMAN');
    expect(page.list.map((row) => row.account).sort()).toEqual(['teamfirst', 'teamsub']);
    const sub = page.list.find((row) => row.account === 'teamsub');
    expect(sub).toMatchObject({ isAgent: true, type: 1, directMembers: 1, status: 'active', balance: '0.00' });
    expect(sub?.lastLoginAt).not.toBeNull();
    expect(page.list.find((row) => row.account === 'teamfirst')).toMatchObject({ isAgent: false, type: 0 });
    const member = await t.services.members.findById(first.id);
    expect(member?.uplineId).toBe(agent.id);
    // The sub-agent has its own link and centre.
    expect((await site('GET', '/wps/agent/link', 'REGCEN', subAgent.token)).json().success).toBe(true);
    // Delivering member.registered later places nothing twice.
    await t.services.events.drain();
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM agent_closure WHERE descendant_id = $1',
      [deep.id],
    );
    expect(rows[0].n).toBe(4); // itself, teamsub, teamann, teamtop: placed once
  });

  it('refuses a taken username, a bad password, a mismatch, a non-agent and a frozen agent, creating nothing', async () => {
    const count = async () =>
      (await t.database.pool.query("SELECT count(*)::int AS n FROM members WHERE merchant_code = 'demo'")).rows[0].n;
    const before = await count();
    const taken = await createDownline(agent, {
      username: 'TeamFirst',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      kind: 'member',
    });
    expect(taken.json()).toMatchObject({ success: false, fieldErrors: [{ path: 'username', code: 'username_taken' }] });
    const bad = await createDownline(agent, { username: 'ab', password: '1', confirmPassword: '2', kind: 'member' });
    expect(bad.json().errorCode).toBe('validation_failed');
    expect(
      bad
        .json()
        .fieldErrors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['confirmPassword', 'password', 'username']);
    const notAgent = await createDownline(first, {
      username: 'teamnope',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      kind: 'member',
    });
    expect(notAgent.json().errorCode).toBe('error_not_agent');
    await t.database.pool.query('UPDATE agent_profiles SET frozen = true WHERE member_id = $1', [sibling.id]);
    const frozen = await createDownline(sibling, {
      username: 'teamfrozen',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      kind: 'member',
    });
    expect(frozen.json().errorCode).toBe('agent_frozen');
    await t.database.pool.query('UPDATE agent_profiles SET frozen = false WHERE member_id = $1', [sibling.id]);
    expect(await count()).toBe(before);
  });

  it("follows the merchant's agent settings and freezing: no downline agents, the depth limit, frozen agents", async () => {
    const settings = (values: object) =>
      t.request({
        method: 'PUT',
        url: '/api/admin/merchants/demo/agent-settings',
        headers: { authorization: ownerToken },
        payload: {
          maxDepth: 20,
          agentsCreateAgents: true,
          transferDown: 'any',
          transferUp: false,
          defaultRates: {},
          ...values,
        },
      });
    const freeze = (member: Member, frozen: boolean) =>
      t.request({
        method: 'POST',
        url: `/api/admin/merchants/demo/agent-tree/${member.id}/freeze`,
        headers: { authorization: ownerToken },
        payload: { frozen, reason: 'settings test' },
      });
    const make = (by: Member, username: string, kind: 'member' | 'agent') =>
      createDownline(by, { username, password: 'Secret123', confirmPassword: 'Secret123', kind });
    const count = async () =>
      (await t.database.pool.query("SELECT count(*)::int AS n FROM members WHERE merchant_code = 'demo'")).rows[0].n;
    const before = await count();

    expect((await settings({ agentsCreateAgents: false })).json().success).toBe(true);
    expect((await make(agent, 'teamnoagent', 'agent')).json()).toMatchObject({
      success: false,
      errorCode: 'agent_create_agents_off',
    });
    // teamtop 0 ─ teamann 1 ─ teamsub 2: a limit of 2 leaves no room below teamsub.
    expect((await settings({ maxDepth: 2 })).json().success).toBe(true);
    expect((await make(subAgent, 'teamtoodeep', 'member')).json()).toMatchObject({
      success: false,
      errorCode: 'agent_tree_too_deep',
    });
    expect((await freeze(agent, true)).json().success).toBe(true);
    expect((await make(agent, 'teamwhilefrozen', 'member')).json()).toMatchObject({
      success: false,
      errorCode: 'agent_frozen',
    });
    expect(await count()).toBe(before);
    for (const username of ['teamnoagent', 'teamtoodeep', 'teamwhilefrozen']) {
      expect(await t.services.members.findByUsername('demo', username)).toBeNull();
    }

    expect((await freeze(agent, false)).json().success).toBe(true);
    expect((await settings({})).json().success).toBe(true);
    const allowed = await make(upline, 'teamdeeper', 'agent');
    expect(allowed.json(), allowed.body).toMatchObject({ success: true, value: { isAgent: true } });
  });

  it(`creates at most ${DOWNLINES_PER_HOUR} accounts an hour per agent`, async () => {
    const busy = await created(upline, 'teambusy', 'agent');
    const make = (n: number) =>
      createDownline(busy, {
        username: `teambusy${n}`,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        kind: 'member',
      });
    for (let n = 0; n < DOWNLINES_PER_HOUR; n++) expect((await make(n)).json().success).toBe(true);
    expect((await make(DOWNLINES_PER_HOUR)).json().errorCode).toBe('too_many_requests');
    expect(await t.services.members.findByUsername('demo', `teambusy${DOWNLINES_PER_HOUR}`)).toBeNull();
  });

  it('team betting, user P&L, my income and account details equal a recomputation from the raw rows', async () => {
    await fund(first.id, 10_000n);
    await fund(deep.id, 5_000n);
    await fund(siblingFriend.id, 5_000n);
    await fund(agent.id, 1_000n);
    for (const stake of ['1.00', '2.50']) expect((await dice(first.token, stake)).json().success).toBe(true);
    expect((await dice(deep.token, '3.00')).json().success).toBe(true);
    // Not the agent's team: its own play and a sibling branch's.
    expect((await dice(agent.token, '1.00')).json().success).toBe(true);
    expect((await dice(siblingFriend.token, '1.00')).json().success).toBe(true);
    // Income: a transfer from the downline, a rebate; an adjustment to a downline member.
    await t.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'transfer_upline',
      idempotencyKey: `agents-team-up:${randomUUID()}`,
      from: { member: first.id, wallet: 'main' },
      to: { member: agent.id, wallet: 'main' },
      amount: 700n,
    });
    await fund(agent.id, 55n, 'rebate');
    await fund(deep.id, 40n, 'adjustment');
    // The agents' money (decision 0075): from its own upline a transfer and a red envelope shared with the
    // downline; its transfer down to a member (money out: not income, but the member's account details).
    await fund(upline.id, 1_000n);
    const mainOf = (member: Member) => ({ member: member.id, wallet: 'main' as const });
    await t.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'transfer_downline',
      idempotencyKey: `agents-team-down:${randomUUID()}`,
      from: mainOf(upline),
      to: mainOf(agent),
      amount: 300n,
    });
    await t.services.ledger.post({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'agent_red_envelope',
      idempotencyKey: `agents-team-envelope:${randomUUID()}`,
      legs: [
        { account: mainOf(upline), amount: -250n },
        { account: mainOf(agent), amount: 150n },
        { account: mainOf(first), amount: 100n },
      ],
    });
    await t.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'transfer_downline',
      idempotencyKey: `agents-team-down:${randomUUID()}`,
      from: mainOf(agent),
      to: mainOf(deep),
      amount: 120n,
    });
    await t.services.events.drain();

    const team = [first.id, subAgent.id, deep.id];
    const { rows: raw } = await t.database.pool.query<{
      id: string;
      member_id: string;
      bet_amount: string;
      valid_bet: string;
      payout: string;
      status: string;
    }>(
      'SELECT id::text, member_id, bet_amount::text, valid_bet::text, payout::text, status FROM bet_rounds WHERE member_id = ANY($1::uuid[]) ORDER BY placed_at DESC, id DESC',
      [team],
    );
    expect(raw).toHaveLength(3);
    const bets = await get<{
      list: { id: string; account: string; betAmount: string }[];
      total: number;
      summary: { betAmount: string; validBet: string; payout: string };
    }>(agent, '/wps/agent/team/bets', 'TEAMBETTING3');
    expect(bets.list.map((row) => row.id)).toEqual(raw.map((row) => row.id));
    const sum = (key: 'bet_amount' | 'valid_bet' | 'payout', rows = raw) =>
      rows.reduce((total, row) => total + BigInt(row[key]), 0n);
    expect(bets.summary).toMatchObject({
      betAmount: major(sum('bet_amount')),
      validBet: major(sum('valid_bet')),
      payout: major(sum('payout')),
    });
    // One member's bets, and paging.
    const deepBets = await get<{ list: { account: string }[]; total: number }>(
      agent,
      '/wps/agent/team/bets',
      'TEAMBETTING3',
      `&memberId=${deep.id}`,
    );
    expect(deepBets.list.map((row) => row.account)).toEqual(['teamdeep']);
    const paged = await get<{ list: unknown[]; totalPages: number }>(
      agent,
      '/wps/agent/team/bets',
      'TEAMBETTING3',
      '&pageSize=2&pageNo=2',
    );
    expect(paged).toMatchObject({ totalPages: 2 });
    expect(paged.list).toHaveLength(1);

    // User P&L: each member's own rows, and the sum, from the raw bets and ledger deposits.
    const profit = await get<{
      list: { account: string; figures: { bets: string; payouts: string; winLoss: string; deposits: string } }[];
      total: number;
      sum: { bets: string; payouts: string; betCount: number };
    }>(agent, '/wps/agent/team/profit', 'AGETEAMPNL3');
    expect(profit.total).toBe(3);
    const firstRaw = raw.filter((row) => row.member_id === first.id);
    expect(profit.list.find((row) => row.account === 'teamfirst')?.figures).toMatchObject({
      bets: major(sum('bet_amount', firstRaw)),
      payouts: major(sum('payout', firstRaw)),
      winLoss: major(sum('payout', firstRaw) - sum('bet_amount', firstRaw)),
    });
    expect(profit.sum).toMatchObject({ bets: major(sum('bet_amount')), payouts: major(sum('payout')), betCount: 3 });

    // My income: what the agent's wallet received by kind; no contract payments yet.
    const income = await get<{
      list: { kind: string; type: string; amount: string }[];
      totals: Record<string, string>;
    }>(agent, '/wps/agent/income', 'AGEREV3');
    expect(income.totals).toEqual({ transfer: '11.50', rebate: '0.55', contract: '0.00' });
    expect(income.list.map((row) => [row.kind, row.type, row.amount]).sort()).toEqual([
      ['rebate', 'rebate', '0.55'],
      ['transfer', 'agent_red_envelope', '1.50'],
      ['transfer', 'transfer_downline', '3.00'],
      ['transfer', 'transfer_upline', '7.00'],
    ]);
    const onlyContracts = await get<{ list: unknown[]; total: number }>(
      agent,
      '/wps/agent/income',
      'AGEREV3',
      '&kind=contract',
    );
    expect(onlyContracts).toMatchObject({ list: [], total: 0 });

    // Account details: the downline's own postings of those kinds, from the ledger rows.
    const { rows: postings } = await t.database.pool.query<{ id: string }>(
      `SELECT p.id::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
         JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.owner_type = 'member' AND a.owner_id = ANY($1::text[])
          AND x.type IN ('deposit', 'withdrawal', 'withdrawal_approved', 'withdrawal_rejected', 'transfer_upline',
                         'transfer_downline', 'agent_red_envelope', 'adjustment')
        ORDER BY p.id DESC`,
      [team],
    );
    const details = await get<{ list: { id: string; kind: string; account: string }[]; total: number }>(
      agent,
      '/wps/agent/team/transactions',
      'AGEDOWNTRANS3',
    );
    expect(details.list.map((row) => row.id)).toEqual(postings.map((row) => row.id));
    const transfers = await get<{ list: { kind: string; type: string; account: string; amount: string }[] }>(
      agent,
      '/wps/agent/team/transactions',
      'AGEDOWNTRANS3',
      '&kind=transfer',
    );
    expect(transfers.list.map((row) => [row.account, row.type, row.amount]).sort()).toEqual([
      ['teamdeep', 'transfer_downline', '1.20'],
      ['teamfirst', 'agent_red_envelope', '1.00'],
      ['teamfirst', 'transfer_upline', '-7.00'],
    ]);
    const adjustments = await get<{ list: { kind: string; account: string }[] }>(
      agent,
      '/wps/agent/team/transactions',
      'AGEDOWNTRANS3',
      '&kind=adjustment',
    );
    expect(adjustments.list).toEqual([
      expect.objectContaining({ kind: 'adjustment', account: 'teamdeep', amount: '0.40' }),
    ]);
    // Downline management shows each member's main-wallet balance as the ledger holds it.
    const balances = await t.services.ledger.memberBalances({
      merchantCode: 'demo',
      currency: 'USD',
      memberId: first.id,
      wallets: ['main'],
    });
    const downlinePage = await get<DownlinePage>(agent, '/wps/agent/team/members', 'DOWNMAN');
    expect(downlinePage.list.find((row) => row.account === 'teamfirst')?.balance).toBe(
      major(balances[0]?.balance ?? -1n),
    );
    // An account search covers the downline only.
    const search = await get<{ total: number }>(agent, '/wps/agent/team/bets', 'TEAMBETTING3', '&account=teamsib');
    expect(search.total).toBe(0);
  });

  it('every team endpoint answers not_found for a sibling branch, the upline, another merchant and itself', async () => {
    const endpoints = [
      ['/wps/agent/team/bets', 'TEAMBETTING3'],
      ['/wps/agent/team/profit', 'AGETEAMPNL3'],
      ['/wps/agent/team/transactions', 'AGEDOWNTRANS3'],
      ['/wps/agent/team/members', 'DOWNMAN'],
    ] as const;
    for (const outsider of [sibling.id, siblingFriend.id, upline.id, stranger.id, agent.id, randomUUID()]) {
      for (const [path, moduleId] of endpoints) {
        const param = path.endsWith('members') ? 'parentId' : 'memberId';
        if (path.endsWith('members') && outsider === agent.id) continue; // its own level
        const response = await site('GET', `${path}?${range}&${param}=${outsider}`, moduleId, agent.token);
        expect(response.json(), `${path} ${outsider}`).toMatchObject({ success: false, errorCode: 'not_found' });
      }
    }
    // A sub-agent sees its own branch only: the agent above it is not its downline.
    const up = await site('GET', `/wps/agent/team/bets?${range}&memberId=${first.id}`, 'TEAMBETTING3', subAgent.token);
    expect(up.json().errorCode).toBe('not_found');
    // A plain member reaches none of them.
    const member = await site('GET', `/wps/agent/income?${range}`, 'AGEREV3', first.token);
    expect(member.json().errorCode).toBe('error_not_agent');
  });
});
