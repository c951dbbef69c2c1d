import { randomUUID } from 'node:crypto';
import { AGENT_RANGE_MAX_DAYS, type DownlinePage, type TeamOverview, type TeamReport } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { hashPassword } from '../../platform/security/password';
import { MEMBER_DAYS_SQL } from './agents.recompute';

/**
 * The agent programme on a real PostgreSQL: application and approval, registration through the agent's link
 * placing friends under it (five at once through one link), team figures equal to a recomputation from the raw
 * bets and deposits, an agent reading only its own downline (any other id answers not_found), and a branch move
 * that keeps every total right and refuses cycles.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;
let passwordHash: string;
const today = new Date().toISOString().slice(0, 10);
const range = `from=${today}&to=${today}`;

interface Member {
  id: string;
  account: string;
  token: string;
}

const newMember = async (username: string): Promise<Member> => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  return { id: created.row.id, account: username, token: await client.login(username, 'Secret123') };
};

const site = (method: 'GET' | 'POST', url: string, moduleId: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId, token, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: ownerToken }, ...(payload ? { payload } : {}) });

/** A member applies and the owner approves it as an agent of type 1; returns its affiliate code. */
const makeAgent = async (member: Member): Promise<string> => {
  const applied = await site('POST', '/wps/agent/application', 'AFFMAN3', member.token, {
    contactName: `Agent ${member.account}`,
    contactMobile: '+65 9123 4567',
    message: 'I run a team',
  });
  expect(applied.json()).toMatchObject({ success: true, value: { status: 'pending' } });
  const id = applied.json().value.id as string;
  const decided = await admin('POST', `/api/admin/merchants/demo/agent-applications/${id}/decision`, {
    approve: true,
    agentType: 1,
  });
  expect(decided.json()).toMatchObject({ success: true, value: { status: 'approved', agentType: 1 } });
  const link = await site('GET', '/wps/agent/link', 'REGCEN', member.token);
  expect(link.json().success).toBe(true);
  return link.json().value.affiliateCode as string;
};

let mobileSeq = 81_000_000;
/** Registration through an agent's link, as the register form sends it (with a mobile number, optional in the demo). */
const registerWithAffiliate = async (username: string, affiliateCode: string) => {
  const mobile = String(mobileSeq++);
  const response = await client.sealed(
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      mobileNum: mobile,
      countryDialingCode: '65',
      termsAccepted: true,
      affiliateCode,
      botCheck: await client.botCheck(),
    },
    { moduleId: 'REG3' },
  );
  const body = response.json();
  if (!body.success) throw new Error(`register ${username} failed: ${response.body}`);
  return { token: body.value.token as string, account: username };
};

const overview = async (agent: Member, query = range): Promise<TeamOverview> => {
  const body = (await site('GET', `/wps/agent/team/overview?${query}`, 'AGEINFO3', agent.token)).json();
  if (!body.success) throw new Error(`overview failed: ${body.errorCode}`);
  return body.value;
};
const downline = async (agent: Member, query = ''): Promise<DownlinePage> => {
  const body = (await site('GET', `/wps/agent/team/members?${range}${query}`, 'DOWNMAN', agent.token)).json();
  if (!body.success) throw new Error(`downline failed: ${body.errorCode}`);
  return body.value;
};

const fund = async (memberId: string, amount: bigint) => {
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: `agents-fund:${memberId}:${randomUUID()}`,
    from: { house: 'deposits' },
    to: { member: memberId, wallet: 'main' },
    amount,
  });
};

/** A crypto deposit the member declares and an operator approves (deposit.credited, like any other). */
const creditDeposit = async (memberId: string, amount: string) => {
  const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
  const channel = (await t.services.cashier.listChannels(merchant)).find((row) => row.kind === 'crypto');
  if (!channel) throw new Error('no crypto channel');
  const principal = { memberId, merchantCode: 'demo', sessionId: 'test', type: 0 };
  const order = await t.services.cashier.createDeposit(merchant, principal, {
    channelId: channel.id,
    amount,
    payerNote: `tx-${randomUUID()}`,
  });
  await t.services.cashier.decideDeposit(merchant, order.id, { approve: true, reason: null, operatorId: 'tester' });
};

const dice = (token: string, stake: string) =>
  client.send({
    method: 'POST',
    url: '/wps/inhouse/bets',
    moduleId: 'COMM3',
    token,
    payload: { game: 'dice', stake, idempotencyKey: randomUUID(), params: { target: 5000, direction: 'under' } },
  });

/** The raw bets of a set of members today, straight from the bets module's rows (the recomputation). */
const rawBets = async (memberIds: readonly string[]) => {
  const { rows } = await t.database.pool.query<{ bets: string; valid: string; payouts: string; count: number }>(
    `SELECT COALESCE(sum(bet_amount), 0)::text AS bets, COALESCE(sum(valid_bet), 0)::text AS valid,
            COALESCE(sum(payout), 0)::text AS payouts, count(*)::int AS count
       FROM bet_rounds WHERE member_id = ANY($1::uuid[]) AND status = 'settled'`,
    [memberIds],
  );
  return rows[0] as { bets: string; valid: string; payouts: string; count: number };
};
const major = (minor: string) => (Number(minor) / 100).toFixed(2);

/**
 * The team totals the module keeps incrementally (decision 0057) equal a recomputation from the per-member rollups
 * over the closure, for every ancestor and day: sums, joins, team sizes and active members per range.
 */
const expectTeamTotalsRecomputed = async () => {
  const query = async (sql: string) => (await t.database.pool.query(sql)).rows;
  const kept = await query(
    `SELECT ancestor_id, to_char(day, 'YYYY-MM-DD') AS day, deposits::text, deposit_count, withdrawals::text,
            withdrawal_count, bets::text, valid_bets::text, payouts::text, bet_count, joined
       FROM agent_team_daily
      WHERE deposit_count + withdrawal_count + bet_count + joined > 0 ORDER BY 1, 2`,
  );
  const recomputed = await query(
    `SELECT c.ancestor_id, to_char(s.day, 'YYYY-MM-DD') AS day, sum(s.deposits)::text AS deposits,
            sum(s.deposit_count)::int AS deposit_count, sum(s.withdrawals)::text AS withdrawals,
            sum(s.withdrawal_count)::int AS withdrawal_count, sum(s.bets)::text AS bets,
            sum(s.valid_bets)::text AS valid_bets, sum(s.payouts)::text AS payouts, sum(s.bet_count)::int AS bet_count,
            sum(s.joined)::int AS joined
       FROM agent_closure c JOIN (${MEMBER_DAYS_SQL}) s ON s.member_id = c.descendant_id
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(kept).toEqual(recomputed);
  // The closure and the depths are the tree the parent links draw, walked afresh.
  const closure = await query(`SELECT ancestor_id, descendant_id, distance FROM agent_closure ORDER BY 1, 2`);
  const walked = await query(
    `WITH RECURSIVE up AS (
       SELECT member_id AS ancestor_id, member_id AS descendant_id, 0 AS distance, parent_id FROM agent_nodes
       UNION ALL
       SELECT n.parent_id, up.descendant_id, up.distance + 1, n.parent_id
         FROM up JOIN agent_nodes n ON n.member_id = up.ancestor_id WHERE n.parent_id IS NOT NULL
     )
     SELECT ancestor_id, descendant_id, distance FROM up ORDER BY 1, 2`,
  );
  expect(closure).toEqual(walked);
  const depths = await query(
    `SELECT n.member_id FROM agent_nodes n
      WHERE n.depth <> (SELECT max(distance) FROM agent_closure c WHERE c.descendant_id = n.member_id)`,
  );
  expect(depths).toEqual([]);
  const sizes = await query(
    `SELECT n.member_id FROM agent_nodes n
      WHERE n.team_size <> (SELECT count(*) - 1 FROM agent_closure c WHERE c.ancestor_id = n.member_id)`,
  );
  expect(sizes).toEqual([]);
  // Active members over every range of the days with bets, against a distinct count.
  const days = (
    await query(`SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM agent_daily_rollups ORDER BY 1`)
  ).map((row) => row.day as string);
  const agents = (await query('SELECT ancestor_id FROM agent_closure GROUP BY 1')).map((row) => row.ancestor_id);
  for (const from of days) {
    const spanOk = (to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < AGENT_RANGE_MAX_DAYS;
    for (const to of days.filter((day) => day >= from && spanOk(day))) {
      const { rows } = await t.database.pool.query(
        `SELECT a.id,
                (SELECT COALESCE(sum(members), 0)::int FROM agent_team_active
                  WHERE ancestor_id = a.id AND day BETWEEN $2::date AND $3::date AND prev_day < $2::date) AS kept,
                (SELECT count(DISTINCT r.member_id)::int FROM agent_closure c JOIN agent_daily_rollups r
                   ON r.member_id = c.descendant_id
                  WHERE c.ancestor_id = a.id AND r.bet_count > 0 AND r.day BETWEEN $2::date AND $3::date) AS recomputed
           FROM unnest($1::uuid[]) AS a(id)`,
        [agents, from, to],
      );
      for (const row of rows) expect({ ...row, from, to }).toEqual({ ...row, kept: row.recomputed, from, to });
    }
  }
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  ownerToken = await t.operatorToken();
  passwordHash = await hashPassword('Secret123');
});

afterAll(async () => {
  await t?.close();
});

describe('agents', () => {
  let agent: Member;
  let code: string;
  const friendTokens: string[] = [];

  it('a member applies once at a time; the owner approves and it becomes an agent with a link', async () => {
    agent = await newMember('agentann');
    const before = await site('GET', `/wps/agent/team/overview?${range}`, 'AGEINFO3', agent.token);
    expect(before.json()).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    const first = await site('POST', '/wps/agent/application', 'AFFMAN3', agent.token, {
      contactName: 'Ann',
      contactMobile: '+65 9000 0000',
      message: '',
    });
    expect(first.json().success).toBe(true);
    const second = await site('POST', '/wps/agent/application', 'AFFMAN3', agent.token, {
      contactName: 'Ann',
      contactMobile: '+65 9000 0000',
      message: '',
    });
    expect(second.json()).toMatchObject({ success: false, errorCode: 'agent_application_pending' });
    const bad = await site('POST', '/wps/agent/application', 'AFFMAN3', agent.token, {
      contactName: 'A',
      contactMobile: 'call me',
      message: '',
    });
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'validation_failed' });
    const id = first.json().value.id as string;
    const noType = await admin('POST', `/api/admin/merchants/demo/agent-applications/${id}/decision`, {
      approve: true,
      agentType: 7,
    });
    expect(noType.json().success).toBe(false);
    const approved = await admin('POST', `/api/admin/merchants/demo/agent-applications/${id}/decision`, {
      approve: true,
      agentType: 1,
    });
    expect(approved.json()).toMatchObject({ success: true, value: { status: 'approved' } });
    const again = await admin('POST', `/api/admin/merchants/demo/agent-applications/${id}/decision`, {
      approve: false,
      reason: 'late',
    });
    expect(again.json()).toMatchObject({ success: false, errorCode: 'agent_application_decided' });
    const link = (await site('GET', '/wps/agent/link', 'REGCEN', agent.token)).json();
    expect(link.value.affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
    code = link.value.affiliateCode;
    const mine = (await site('GET', '/wps/agent/application', 'AFFMAN3', agent.token)).json();
    expect(mine.value).toMatchObject({ isAgent: true, application: { status: 'approved' } });
    const { rows } = await t.database.pool.query(
      "SELECT action, target FROM audit_log WHERE action = 'agent.application_approve'",
    );
    expect(rows).toEqual([{ action: 'agent.application_approve', target: agent.id }]);
  });

  it('a rejection keeps the member a member, with the reason', async () => {
    const member = await newMember('rejectme');
    const applied = await site('POST', '/wps/agent/application', 'AFFMAN3', member.token, {
      contactName: 'Rej',
      contactMobile: '+65 9000 0001',
      message: 'hi',
    });
    const id = applied.json().value.id;
    const rejected = await admin('POST', `/api/admin/merchants/demo/agent-applications/${id}/decision`, {
      approve: false,
      reason: 'not now',
    });
    expect(rejected.json()).toMatchObject({ success: true, value: { status: 'rejected', reason: 'not now' } });
    const mine = (await site('GET', '/wps/agent/application', 'AFFMAN3', member.token)).json();
    expect(mine.value).toMatchObject({ isAgent: false, application: { status: 'rejected', reason: 'not now' } });
    expect((await site('GET', '/wps/agent/link', 'REGCEN', member.token)).json().errorCode).toBe('error_not_agent');
  });

  it('a member applies again after a rejection, three times a day at most', async () => {
    const member = await newMember('againagain');
    const apply = () =>
      site('POST', '/wps/agent/application', 'AFFMAN3', member.token, {
        contactName: 'Again',
        contactMobile: '+65 9000 0002',
        message: 'please',
      });
    for (let round = 1; round <= 3; round += 1) {
      const applied = await apply();
      expect(applied.json()).toMatchObject({ success: true, value: { status: 'pending' } });
      const rejected = await admin(
        'POST',
        `/api/admin/merchants/demo/agent-applications/${applied.json().value.id}/decision`,
        { approve: false, reason: `round ${round}` },
      );
      expect(rejected.json().success).toBe(true);
    }
    expect((await apply()).json()).toMatchObject({ success: false, errorCode: 'too_many_requests' });
    const { rows } = await t.database.pool.query('SELECT status FROM agent_applications WHERE member_id = $1', [
      member.id,
    ]);
    expect(rows.map((row) => row.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('the back office makes a member an agent directly, changes its type and demotes it, audited', async () => {
    const member = await newMember('directagent');
    const setType = (memberId: string, agentType: number) =>
      admin('POST', `/api/admin/merchants/demo/agent-tree/${memberId}/agent-type`, { agentType });
    expect((await setType(member.id, 0)).json()).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    expect((await setType(member.id, 7)).json()).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect((await setType(randomUUID(), 1)).json()).toMatchObject({ success: false, errorCode: 'not_found' });
    const made = await setType(member.id, 2);
    expect(made.json()).toMatchObject({ success: true, value: { memberId: member.id, agentType: 2 } });
    expect((await t.services.members.findById(member.id))?.type).toBe(2);
    const token = await client.login('directagent', 'Secret123');
    const link = (await site('GET', '/wps/agent/link', 'REGCEN', token)).json();
    expect(link).toMatchObject({ success: true, value: { agentType: 2 } });
    expect((await setType(member.id, 41)).json().value.agentType).toBe(41);
    expect((await setType(member.id, 0)).json()).toMatchObject({ success: true, value: { agentType: null } });
    expect((await t.services.members.findById(member.id))?.type).toBe(0);
    const after = await site('GET', '/wps/agent/link', 'REGCEN', await client.login('directagent', 'Secret123'));
    expect(after.json().errorCode).toBe('error_not_agent');
    const { rows } = await t.database.pool.query(
      "SELECT action, details FROM audit_log WHERE target = $1 AND action LIKE 'agent.%' ORDER BY id",
      [member.id],
    );
    expect(rows.map((row) => [row.action, row.details.from, row.details.to])).toEqual([
      ['agent.create', 0, 2],
      ['agent.set_type', 2, 41],
      ['agent.demote', 41, 0],
    ]);
  });

  it('five friends registering at once through one link all land directly under the agent', async () => {
    const friends = await Promise.all([1, 2, 3, 4, 5].map((n) => registerWithAffiliate(`friend${n}x`, code)));
    friendTokens.push(...friends.map((f) => f.token));
    await t.services.events.drain();
    const view = await overview(agent);
    expect(view).toMatchObject({ directMembers: 5, teamMembers: 5, newMembers: 5, activeMembers: 0 });
    const page = await downline(agent);
    expect(page.total).toBe(5);
    expect(page.list.map((row) => row.account).sort()).toEqual([
      'friend1x',
      'friend2x',
      'friend3x',
      'friend4x',
      'friend5x',
    ]);
    expect(page.list.every((row) => row.level === 1 && !row.isAgent)).toBe(true);
  });

  it('team figures equal a recomputation from the raw bets and deposits', async () => {
    const page = await downline(agent);
    const ids = page.list.map((row) => row.memberId);
    const [first, second] = friendTokens;
    const firstId = page.list.find((row) => row.account === 'friend1x')?.memberId as string;
    const secondId = page.list.find((row) => row.account === 'friend2x')?.memberId as string;
    await creditDeposit(firstId, '100.00');
    await creditDeposit(secondId, '25.50');
    await fund(firstId, 10_000n);
    for (const stake of ['1.00', '2.50', '3.00'])
      expect((await dice(first as string, stake)).json().success).toBe(true);
    expect((await dice(second as string, '4.00')).json().success).toBe(true);
    // The agent's own bets are not its team's.
    await fund(agent.id, 1_000n);
    expect((await dice(agent.token, '1.00')).json().success).toBe(true);
    await t.services.events.drain();

    const raw = await rawBets(ids);
    const view = await overview(agent);
    expect(view.figures).toMatchObject({
      deposits: '125.50',
      depositCount: 2,
      bets: major(raw.bets),
      validBets: major(raw.valid),
      payouts: major(raw.payouts),
      betCount: raw.count,
      winLoss: (Number(major(raw.payouts)) - Number(major(raw.bets))).toFixed(2),
    });
    expect(raw.count).toBe(4);
    expect(view.activeMembers).toBe(2);

    const report: TeamReport = (await site('GET', `/wps/agent/team/report?${range}`, 'AGEINFO3', agent.token)).json()
      .value;
    expect(report.days).toHaveLength(1);
    expect(report.total).toEqual(view.figures);
    const own: TeamReport = (
      await site('GET', `/wps/agent/team/report?${range}&memberId=${firstId}`, 'AGEINFO3', agent.token)
    ).json().value;
    expect(own.total.deposits).toBe('100.00');
    expect(own.total.betCount).toBe(3);
    await expectTeamTotalsRecomputed();
  });

  it('an agent reads only its own downline: any other id answers not_found', async () => {
    const other = await newMember('agentbob');
    const otherCode = await makeAgent(other);
    await registerWithAffiliate('bobfriend', otherCode);
    await t.services.events.drain();
    const bobFriend = (await downline(other)).list[0]?.memberId as string;
    const annFriend = (await downline(agent)).list[0]?.memberId as string;
    for (const id of [bobFriend, other.id, randomUUID(), agent.id]) {
      if (id === agent.id) continue;
      const members = await site('GET', `/wps/agent/team/members?${range}&parentId=${id}`, 'DOWNMAN', agent.token);
      expect(members.json()).toMatchObject({ success: false, errorCode: 'not_found' });
      const report = await site('GET', `/wps/agent/team/report?${range}&memberId=${id}`, 'AGEINFO3', agent.token);
      expect(report.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    }
    // The agent's own id as a report member: not its downline either.
    const self = await site('GET', `/wps/agent/team/report?${range}&memberId=${agent.id}`, 'AGEINFO3', agent.token);
    expect(self.json().errorCode).toBe('not_found');
    // Its own downline member opens.
    const mine = await site('GET', `/wps/agent/team/members?${range}&parentId=${annFriend}`, 'DOWNMAN', agent.token);
    expect(mine.json()).toMatchObject({ success: true, value: { total: 0 } });
    // A search covers its own downline only.
    expect((await downline(agent, '&account=friend')).total).toBe(5);
    expect((await downline(agent, '&account=bobfriend')).total).toBe(0);
    // A downline member who is no agent gets error_not_agent.
    const friendOverview = await site(
      'GET',
      `/wps/agent/team/overview?${range}`,
      'AGEINFO3',
      friendTokens[0] as string,
    );
    expect(friendOverview.json().errorCode).toBe('error_not_agent');
  });

  it('bad ranges are refused with field errors, nothing is read', async () => {
    for (const query of [
      'from=2026-13-01&to=2026-13-02',
      `from=${today}&to=2020-01-01`,
      'from=2020-01-01&to=2020-12-31',
      'from=x',
    ]) {
      const response = await site('GET', `/wps/agent/team/overview?${query}`, 'AGEINFO3', agent.token);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('validation_failed');
    }
  });

  it('moving a branch keeps every total equal to the raw rows and refuses cycles', async () => {
    const bob = await t.services.members.findByUsername('demo', 'agentbob');
    const bobId = bob?.id as string;
    const annBefore = await overview(agent);
    // Make friend1x an agent (its own team of one) and move Bob's whole branch under it.
    const friend1 = (await downline(agent, '&account=friend1x')).list[0]?.memberId as string;
    const friendMember = { id: friend1, account: 'friend1x', token: friendTokens[0] as string };
    await makeAgent(friendMember);
    const cycle = await admin('POST', `/api/admin/merchants/demo/agent-tree/${agent.id}/move`, {
      newParentId: friend1,
    });
    expect(cycle.json()).toMatchObject({ success: false, errorCode: 'agent_move_cycle' });
    const self = await admin('POST', `/api/admin/merchants/demo/agent-tree/${agent.id}/move`, {
      newParentId: agent.id,
    });
    expect(self.json().errorCode).toBe('agent_move_cycle');
    const notAgent = await admin('POST', `/api/admin/merchants/demo/agent-tree/${bobId}/move`, {
      newParentId: (await downline(agent, '&account=friend2x')).list[0]?.memberId,
    });
    expect(notAgent.json().errorCode).toBe('error_not_agent');

    // Bob's friend bets while the branch moves.
    const bobFriendToken = await client.login('bobfriend', 'Secret123');
    const bobFriendId = (await t.services.members.findByUsername('demo', 'bobfriend'))?.id as string;
    await fund(bobFriendId, 5_000n);
    const [moved] = await Promise.all([
      admin('POST', `/api/admin/merchants/demo/agent-tree/${bobId}/move`, { newParentId: friend1 }),
      ...[1, 2, 3].map(() => dice(bobFriendToken, '1.00')),
    ]);
    expect(moved.json()).toMatchObject({ success: true, value: { parentId: friend1, depth: 2, teamMembers: 1 } });
    await t.services.events.drain();
    const { rows } = await t.database.pool.query("SELECT 1 FROM audit_log WHERE action = 'agent.branch_move'");
    expect(rows).toHaveLength(1);

    // Ann's team now holds Bob and his friend too; every figure matches the raw bets of its members.
    const annAfter = await overview(agent);
    expect(annAfter.teamMembers).toBe(annBefore.teamMembers + 2);
    expect(annAfter.directMembers).toBe(5);
    const team = (await downline(agent, '&pageSize=50&account=')).list.map((row) => row.memberId);
    const allTeam = [...team, bobId, bobFriendId];
    const raw = await rawBets(allTeam);
    expect(annAfter.figures.bets).toBe(major(raw.bets));
    expect(annAfter.figures.betCount).toBe(raw.count);
    const friendView = await overview(friendMember);
    const friendRaw = await rawBets([bobId, bobFriendId]);
    expect(friendView).toMatchObject({ directMembers: 1, teamMembers: 2 });
    expect(friendView.figures.bets).toBe(major(friendRaw.bets));
    // Bob's own tree view is consistent: his friend is still his.
    const bobMember = { id: bobId, account: 'agentbob', token: await client.login('agentbob', 'Secret123') };
    expect((await downline(bobMember)).total).toBe(1);
    // The members module's upline follows the tree (transfers to the upline go to the new one).
    expect((await t.services.members.findById(bobId))?.uplineId).toBe(friend1);
    await expectTeamTotalsRecomputed();

    // Back up under Ann: the branch leaves friend1 (its rows go), Ann keeps it one level nearer.
    const back = await admin('POST', `/api/admin/merchants/demo/agent-tree/${bobId}/move`, { newParentId: agent.id });
    expect(back.json()).toMatchObject({ success: true, value: { parentId: agent.id, depth: 1, teamMembers: 1 } });
    expect(await overview(friendMember)).toMatchObject({ directMembers: 0, teamMembers: 0 });
    expect((await overview(agent)).figures.bets).toBe(annAfter.figures.bets);
    expect((await t.services.members.findById(bobId))?.uplineId).toBe(agent.id);
    await expectTeamTotalsRecomputed();
  });

  it('active members stay distinct over any range when bets arrive for days out of order', async () => {
    // A small tree of its own (top → mid → two leaves), fed through the rollup subscribers' entry point with bets
    // on shuffled days, and checked against a distinct count of the raw rollups for every range.
    const [top, mid, leafA, leafB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const ids = [top, mid, leafA, leafB];
    const todayUtc = "(now() AT TIME ZONE 'UTC')::date";
    await t.database.pool.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth, team_size) VALUES
         ($1, 'demo', 'prop_top', NULL, 0, 3), ($2, 'demo', 'prop_mid', $1, 1, 2),
         ($3, 'demo', 'prop_a', $2, 2, 0), ($4, 'demo', 'prop_b', $2, 2, 0)`,
      ids,
    );
    await t.database.pool.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, distance) VALUES
         ($1, $1, 0), ($2, $2, 0), ($3, $3, 0), ($4, $4, 0), ($1, $2, 1), ($2, $3, 1), ($2, $4, 1), ($1, $3, 2),
         ($1, $4, 2)`,
      ids,
    );
    await t.database.pool.query(
      `INSERT INTO agent_team_daily (ancestor_id, day, merchant_code, joined)
       VALUES ($1, ${todayUtc}, 'demo', 4), ($2, ${todayUtc}, 'demo', 3), ($3, ${todayUtc}, 'demo', 1),
              ($4, ${todayUtc}, 'demo', 1)`,
      ids,
    );
    const offsets = [0, 120, 3, 1, 95, 2, 3, 40, 0, 94, 1, 200, 93];
    for (const [i, offset] of offsets.entries()) {
      const memberId = [leafA, leafB, mid][i % 3] as string;
      const day = new Date(Date.now() - offset * 86_400_000).toISOString();
      await inTransaction(t.database.pool, (tx) =>
        t.services.agents.addToDay(tx, {
          memberId,
          merchantCode: 'demo',
          day,
          bets: 100n,
          validBets: 100n,
          betCount: 1,
        }),
      );
    }
    await expectTeamTotalsRecomputed();
    const view = await t.services.agents.teamTotals({ code: 'demo' }, top, today, today);
    expect(view).toMatchObject({ teamMembers: 3, directMembers: 1, active: 2, betCount: 2, bets: 200n });
    expect(await t.services.agents.teamTotals({ code: 'other' }, top, today, today)).toBeNull();
  });
});
