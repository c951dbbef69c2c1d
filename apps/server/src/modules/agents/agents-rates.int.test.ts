import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { hashPassword } from '../../platform/security/password';

/**
 * Agents' rates (decision 0090) and the freeze against registrations (decision 0091) on a real PostgreSQL:
 * - a new agent gets the merchant's default rates, a downline agent created in the register centre at most its
 *   creator's own;
 * - an agent sets the rates of its direct downline agents, each at most its own, with per-field refusals that change
 *   nothing; lowering an agent's rates lowers its downline's above them;
 * - any member outside the caller's downline answers not_found, a deeper one agent_rates_direct_only, a member
 *   agent_downline_not_agent;
 * - a freeze committed between the check of an agent's code and the member's insert refuses the registration (and a
 *   register-centre creation) instead of letting it through.
 *
 * The tree: top ─┬ ann (agent) ─┬ bob (member)
 *                │              └ cat (agent) ─ dan (agent)
 *                └ sue (agent, ann's sibling)
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;
let passwordHash: string;

interface Member {
  id: string;
  account: string;
  token: string;
}

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: ownerToken }, ...(payload ? { payload } : {}) });

const newMember = async (username: string, upline: Member | null, agent = false): Promise<Member> => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash,
    uplineId: upline?.id ?? null,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const id = created.row.id;
  await inTransaction(t.database.pool, (tx) =>
    t.services.agents.placeRegistered(tx, { merchantCode: 'demo', memberId: id, uplineId: upline?.id ?? null }),
  );
  if (agent) {
    const answer = await admin('POST', `/api/admin/merchants/demo/agent-tree/${id}/agent-type`, { agentType: 1 });
    expect(answer.json().success, answer.body).toBe(true);
  }
  return { id, account: username, token: await client.login(username, 'Secret123') };
};

const setRates = async (as: Member, memberId: string, rates: Record<string, string>) =>
  (
    await client.send({
      method: 'POST',
      url: '/wps/agent/team/rates',
      moduleId: 'DOWNMAN',
      token: as.token,
      payload: { memberId, rates },
    })
  ).json();

const ratesOf = async (member: Member) =>
  (
    await t.database.pool.query<{ rates: Record<string, number> }>(
      'SELECT rates FROM agent_profiles WHERE member_id = $1',
      [member.id],
    )
  ).rows[0]?.rates;

const fieldCodes = (body: { fieldErrors?: { path: string; code: string; params?: object }[] }) =>
  Object.fromEntries((body.fieldErrors ?? []).map((error) => [error.path, [error.code, error.params ?? null]]));

let top: Member;
let ann: Member;
let bob: Member;
let cat: Member;
let dan: Member;
let sue: Member;

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  ownerToken = await t.operatorToken();
  passwordHash = await hashPassword('Secret123');
  const saved = await admin('PUT', '/api/admin/merchants/demo/agent-settings', {
    maxDepth: 20,
    agentsCreateAgents: true,
    transferDown: 'any',
    transferUp: false,
    defaultRates: { LIVE: '0.8', SPORTS: '1.25', RNG: '' },
  });
  expect(saved.json().success, saved.body).toBe(true);
  top = await newMember('rtop', null, true);
  ann = await newMember('rann', top, true);
  bob = await newMember('rbob', ann);
  cat = await newMember('rcat', ann, true);
  dan = await newMember('rdan', cat, true);
  sue = await newMember('rsue', top, true);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('default rates', () => {
  it('a new agent starts at the merchant default rates, and sees them as its own', async () => {
    expect(await ratesOf(top)).toEqual({ LIVE: 8000, SPORTS: 12500 });
    const link = (
      await client.send({ method: 'GET', url: '/wps/agent/link', moduleId: 'REGCEN', token: ann.token })
    ).json();
    expect(link.value.rates).toEqual({ LIVE: '0.80', SPORTS: '1.25' });
  });

  it("a downline agent created in the register centre gets the defaults, none above its creator's own", async () => {
    expect((await setRates(ann, cat.id, { LIVE: '0.3' })).success).toBe(true);
    const created = (
      await client.send({
        method: 'POST',
        url: '/wps/agent/team/members',
        moduleId: 'AGEREGDOWN3',
        token: cat.token,
        payload: { username: 'rnewagent', password: 'Secret123', confirmPassword: 'Secret123', kind: 'agent' },
      })
    ).json();
    expect(created.success, JSON.stringify(created)).toBe(true);
    const { rows } = await t.database.pool.query('SELECT rates FROM agent_profiles WHERE member_id = $1', [
      created.value.memberId,
    ]);
    // LIVE capped at cat's 0.30; SPORTS dropped: cat has none.
    expect(rows).toEqual([{ rates: { LIVE: 3000 } }]);
  });
});

describe("setting a downline agent's rates", () => {
  it('sets a direct downline agent rates within its own, shown in downline management', async () => {
    const answer = await setRates(top, ann.id, { LIVE: '0.65', SPORTS: '1.25' });
    expect(answer).toMatchObject({
      success: true,
      value: { memberId: ann.id, account: 'rann', rates: { LIVE: '0.65', SPORTS: '1.25' } },
    });
    expect(await ratesOf(ann)).toEqual({ LIVE: 6500, SPORTS: 12500 });
    const today = new Date().toISOString().slice(0, 10);
    const page = (
      await client.send({
        method: 'GET',
        url: `/wps/agent/team/members?from=${today}&to=${today}`,
        moduleId: 'DOWNMAN',
        token: top.token,
      })
    ).json();
    const row = (page.value.list as { account: string; rates: object }[]).find((item) => item.account === 'rann');
    expect(row?.rates).toEqual({ LIVE: '0.65', SPORTS: '1.25' });
  });

  it('refuses rates above its own or the merchant maximum, or malformed, per field, changing nothing', async () => {
    const before = await ratesOf(ann);
    const above = await setRates(top, ann.id, { LIVE: '0.81', SPORTS: '1.25', RNG: '0.1' });
    expect(above).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(fieldCodes(above)).toEqual({
      'rates.LIVE': ['agent_rate_above_own', { max: '0.80' }],
      'rates.RNG': ['agent_rate_above_own', { max: '0.00' }],
    });
    const bad = await setRates(top, ann.id, { LIVE: '50', SPORTS: '0.12345', FISH: 'x' });
    expect(fieldCodes(bad)).toEqual({
      'rates.LIVE': ['field_too_large', { max: '10.00' }],
      'rates.SPORTS': ['rebate_rate_too_precise', null],
      'rates.FISH': ['field_invalid', null],
    });
    const unknown = await setRates(top, ann.id, { POKER: '0.1' });
    expect(unknown).toMatchObject({ success: false, errorCode: 'validation_failed' });
    const malformed = (
      await client.send({
        method: 'POST',
        url: '/wps/agent/team/rates',
        moduleId: 'DOWNMAN',
        token: top.token,
        payload: { memberId: 'not-a-uuid', rates: {} },
      })
    ).json();
    expect(malformed).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(fieldCodes(malformed).memberId?.[0]).toBe('field_invalid');
    expect(await ratesOf(ann)).toEqual(before);
  });

  it('answers not_found outside the downline and refuses a deeper level and a member, changing nothing', async () => {
    const before = await Promise.all([top, ann, cat, dan, sue].map(ratesOf));
    for (const [as, target] of [
      [ann, sue.id], // a sibling branch
      [ann, top.id], // the upline
      [ann, ann.id], // itself
      [ann, randomUUID()], // nobody
      [cat, sue.id],
    ] as const) {
      expect(await setRates(as, target, { LIVE: '0.1' })).toMatchObject({ success: false, errorCode: 'not_found' });
    }
    expect(await setRates(top, dan.id, { LIVE: '0.1' })).toMatchObject({
      success: false,
      errorCode: 'agent_rates_direct_only',
    });
    expect(await setRates(ann, bob.id, { LIVE: '0.1' })).toMatchObject({
      success: false,
      errorCode: 'agent_downline_not_agent',
    });
    expect(await setRates(bob, ann.id, { LIVE: '0.1' })).toMatchObject({
      success: false,
      errorCode: 'error_not_agent',
    });
    expect(await Promise.all([top, ann, cat, dan, sue].map(ratesOf))).toEqual(before);
  });

  it("lowering an agent's rates lowers its downline's above them, and a category taken away goes below it", async () => {
    expect((await setRates(ann, cat.id, { LIVE: '0.6', SPORTS: '1' })).success).toBe(true);
    expect((await setRates(cat, dan.id, { LIVE: '0.5', SPORTS: '0.2' })).success).toBe(true);
    expect((await setRates(ann, cat.id, { LIVE: '0.4' })).success).toBe(true);
    expect(await ratesOf(cat)).toEqual({ LIVE: 4000 });
    expect(await ratesOf(dan)).toEqual({ LIVE: 4000 });
    // The branch's other agent (created by cat at 0.30) is below the new rate: unchanged.
    const { rows } = await t.database.pool.query(
      "SELECT p.rates FROM agent_profiles p JOIN members m ON m.id = p.member_id WHERE m.username = 'rnewagent'",
    );
    expect(rows).toEqual([{ rates: { LIVE: 3000 } }]);
  });

  it('a frozen agent sets no rates', async () => {
    const url = `/api/admin/merchants/demo/agent-tree/${ann.id}/freeze`;
    expect((await admin('POST', url, { frozen: true, reason: 'review' })).json().success).toBe(true);
    expect(await setRates(ann, cat.id, { LIVE: '0.1' })).toMatchObject({ success: false, errorCode: 'agent_frozen' });
    expect(await ratesOf(cat)).toEqual({ LIVE: 4000 });
    expect((await admin('POST', url, { frozen: false, reason: 'done' })).json().success).toBe(true);
  });
});

describe('a freeze racing a registration (decision 0091)', () => {
  /**
   * Freezes `agent` in a transaction left open, runs `act` (which passes its checks: the freeze is not committed
   * yet), waits until `act` waits on the agent's row, then commits the freeze: `act` must then be refused.
   */
  const freezeDuring = async <T>(agent: Member, act: () => Promise<T>): Promise<T> => {
    const freezer = await t.database.pool.connect();
    try {
      await freezer.query('BEGIN');
      await freezer.query('UPDATE agent_profiles SET frozen = true WHERE member_id = $1', [agent.id]);
      const pending = act();
      for (let waited = 0; ; waited += 1) {
        const { rows } = await t.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%agent_profiles%FOR SHARE%'`,
        );
        if ((rows[0]?.n ?? 0) > 0) break;
        if (waited > 600) throw new Error('the registration never waited for the freeze');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await freezer.query('COMMIT');
      return await pending;
    } finally {
      freezer.release();
      await t.database.pool.query('UPDATE agent_profiles SET frozen = false WHERE member_id = $1', [agent.id]);
    }
  };

  const memberCount = async () =>
    (await t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE merchant_code = 'demo'"))
      .rows[0]?.n;

  it("a registration through the agent's code waits for the freeze and is refused, creating nothing", async () => {
    const code = (await t.services.members.findById(sue.id))?.affiliateCode ?? '';
    const botCheck = await client.botCheck();
    const before = await memberCount();
    const answer = await freezeDuring(sue, async () =>
      (
        await client.sealed(
          'PUT',
          '/wps/member/register',
          {
            username: 'rracer',
            password: 'Secret123',
            confirmPassword: 'Secret123',
            termsAccepted: true,
            affiliateCode: code,
            botCheck,
          },
          { moduleId: 'REG3' },
        )
      ).json(),
    );
    expect(answer).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'affiliateCode', code: 'invitation_code_suspended' }],
    });
    expect(await memberCount()).toBe(before);
    expect(await t.services.members.findByUsername('demo', 'rracer')).toBeNull();
  });

  it('a register-centre creation waits for the freeze and is refused, creating nothing', async () => {
    const before = await memberCount();
    const answer = await freezeDuring(sue, async () =>
      (
        await client.send({
          method: 'POST',
          url: '/wps/agent/team/members',
          moduleId: 'AGEREGDOWN3',
          token: sue.token,
          payload: { username: 'rracer2', password: 'Secret123', confirmPassword: 'Secret123', kind: 'member' },
        })
      ).json(),
    );
    expect(answer).toMatchObject({ success: false, errorCode: 'agent_frozen' });
    expect(await memberCount()).toBe(before);
    const nodes = await t.database.pool.query("SELECT 1 FROM agent_nodes WHERE account = 'rracer2'");
    expect(nodes.rowCount).toBe(0);
  });

  it('five registrations through one code at once all land under the agent when nothing is frozen', async () => {
    const code = (await t.services.members.findById(sue.id))?.affiliateCode ?? '';
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) =>
        (
          await client.sealed(
            'PUT',
            '/wps/member/register',
            {
              username: `rfive${i}`,
              password: 'Secret123',
              confirmPassword: 'Secret123',
              termsAccepted: true,
              affiliateCode: code,
              botCheck: await client.botCheck(),
            },
            { moduleId: 'REG3', ip: `10.9.0.${i}` },
          )
        ).json(),
      ),
    );
    expect(answers.map((answer) => answer.success)).toEqual([true, true, true, true, true]);
    for (const i of [1, 2, 3, 4, 5]) {
      expect((await t.services.members.findByUsername('demo', `rfive${i}`))?.uplineId).toBe(sue.id);
    }
  });
});
