import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { treeMember } from '../../../test/tree-members';
import { hashPassword } from '../../platform/security/password';

/**
 * Operators set an agent's rates in the back office (decision 0099), on a real PostgreSQL:
 * - each rate at most the nearest upline agent's of its category (a top agent: the rebate maximum), refused per field
 *   with agent_rate_above_upline and params.max, changing nothing;
 * - the agents below lowered to the new rates, as when an agent sets them (decision 0090); audited before and after;
 * - ownership by merchant: another merchant's member is not_found, another merchant's operator is refused, and an
 *   operator without agents.manage reads but does not write.
 *
 * The tree (merchant demo): top ─ mid ─┬ low (agent) ─ leaf (agent)
 *                                       └ plain (member)
 * and `far`, an agent of the merchant `other`.
 */

let t: TestApp;
let ownerToken: string;
let passwordHash: string;

interface Member {
  id: string;
  account: string;
}

const request = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const ratesUrl = (memberId: string, code = 'demo') => `/api/admin/merchants/${code}/agent-tree/${memberId}/rates`;
const setRates = async (member: Member | string, rates: Record<string, string>, token = ownerToken) =>
  (await request(token, 'PUT', ratesUrl(typeof member === 'string' ? member : member.id), { rates })).json();
const readRates = async (member: Member, token = ownerToken) =>
  (await request(token, 'GET', ratesUrl(member.id))).json();

const storedRates = async (member: Member) =>
  (
    await t.database.pool.query<{ rates: Record<string, number> }>(
      'SELECT rates FROM agent_profiles WHERE member_id = $1',
      [member.id],
    )
  ).rows[0]?.rates;
const auditRows = async (memberId: string) =>
  (
    await t.database.pool.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'agent.rates' AND target = $1 ORDER BY id",
      [memberId],
    )
  ).rows;
const fieldCodes = (body: { fieldErrors?: { path: string; code: string; params?: object }[] }) =>
  Object.fromEntries((body.fieldErrors ?? []).map((error) => [error.path, [error.code, error.params ?? null]]));

const newMember = async (username: string, upline: Member | null, agent: boolean, merchantCode = 'demo') => ({
  id: await treeMember(t, { username, upline: upline?.id ?? null, agent, passwordHash, ownerToken, merchantCode }),
  account: username,
});

const createOperator = async (username: string, role: string, merchantCode: string | null) => {
  const response = await request(ownerToken, 'POST', '/api/admin/operators', {
    username,
    displayName: username,
    password: 'Operator-Pass-123',
    role,
    merchantCode,
  });
  expect(response.statusCode, response.body).toBe(200);
  return t.operatorToken(username, 'Operator-Pass-123');
};

let top: Member;
let mid: Member;
let low: Member;
let leaf: Member;
let plain: Member;
let far: Member;

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  ownerToken = await t.operatorToken();
  passwordHash = await hashPassword('Secret123');
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  await t.services.merchants.createIfAbsent('other', { ...demo.settings, name: 'Other', domains: ['other.test'] });
  const saved = await request(ownerToken, 'PUT', '/api/admin/merchants/demo/agent-settings', {
    maxDepth: 20,
    agentsCreateAgents: true,
    transferDown: 'any',
    transferUp: false,
    defaultRates: { LIVE: '0.8', SPORTS: '1.25' },
  });
  expect(saved.json().success, saved.body).toBe(true);
  top = await newMember('oratop', null, true);
  mid = await newMember('oramid', top, true);
  low = await newMember('oralow', mid, true);
  leaf = await newMember('oraleaf', low, true);
  plain = await newMember('oraplain', mid, false);
  far = await newMember('orafar', null, true, 'other');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe("an operator sets an agent's rates", () => {
  it('reads an agent rates with its caps: a top agent the rebate maximum, a lower one its upline agent rates', async () => {
    const topRates = await readRates(top);
    expect(topRates).toMatchObject({
      success: true,
      value: { memberId: top.id, account: 'oratop', rates: { LIVE: '0.80', SPORTS: '1.25' }, uplineAccount: null },
    });
    expect(topRates.value.caps.LIVE).toBe('10.00');
    expect(topRates.value.caps.RNG).toBe('10.00');
    const midRates = await readRates(mid);
    expect(midRates.value).toMatchObject({ uplineAccount: 'oratop', lowered: 0 });
    expect(midRates.value.caps).toMatchObject({ LIVE: '0.80', SPORTS: '1.25', RNG: '0.00' });
  });

  it('raises a top agent above the merchant defaults within the rebate maximum, audited before and after', async () => {
    const answer = await setRates(top, { LIVE: '2.5', SPORTS: '1.25', RNG: '0.4' });
    expect(answer).toMatchObject({
      success: true,
      value: { rates: { LIVE: '2.50', SPORTS: '1.25', RNG: '0.40' }, lowered: 0 },
    });
    expect(await storedRates(top)).toEqual({ LIVE: 25000, SPORTS: 12500, RNG: 4000 });
    expect(await auditRows(top.id)).toEqual([
      {
        details: {
          before: { LIVE: '0.80', SPORTS: '1.25' },
          after: { LIVE: '2.50', SPORTS: '1.25', RNG: '0.40' },
          lowered: 0,
        },
      },
    ]);
  });

  it('sets a lower agent within its upline agent rates, and one whose upline is a member within the next agent up', async () => {
    expect((await setRates(mid, { LIVE: '2.5', RNG: '0.4' })).success).toBe(true);
    expect(await storedRates(mid)).toEqual({ LIVE: 25000, RNG: 4000 });
    // plain is a member: an agent placed under it is bound by mid, the nearest agent above.
    const under = await newMember('oraunder', plain, true);
    expect((await readRates(under)).value).toMatchObject({ uplineAccount: 'oramid', caps: { LIVE: '2.50' } });
    expect((await setRates(under, { LIVE: '2.5' })).success).toBe(true);
  });

  it('refuses a rate above the upline agent or the maximum, or malformed, per field, changing nothing', async () => {
    const before = await Promise.all([top, mid, low, leaf].map(storedRates));
    const auditsBefore = (await auditRows(low.id)).length;
    const above = await setRates(low, { LIVE: '2.51', SPORTS: '0.1', RNG: '0.4' });
    expect(above).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(fieldCodes(above)).toEqual({
      'rates.LIVE': ['agent_rate_above_upline', { max: '2.50' }],
      'rates.SPORTS': ['agent_rate_above_upline', { max: '0.00' }],
    });
    const bad = await setRates(top, { LIVE: '10.01', SPORTS: '0.12345', FISH: 'x' });
    expect(fieldCodes(bad)).toEqual({
      'rates.LIVE': ['field_too_large', { max: '10.00' }],
      'rates.SPORTS': ['rebate_rate_too_precise', null],
      'rates.FISH': ['field_invalid', null],
    });
    expect(await setRates(top, { POKER: '0.1' })).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(await Promise.all([top, mid, low, leaf].map(storedRates))).toEqual(before);
    expect(await auditRows(low.id)).toHaveLength(auditsBefore);
  });

  it("lowering an agent's rates lowers the agents below it above them, and says how many", async () => {
    expect((await setRates(low, { LIVE: '2', RNG: '0.3' })).success).toBe(true);
    expect((await setRates(leaf, { LIVE: '1.5', RNG: '0.3' })).success).toBe(true);
    const answer = await setRates(mid, { LIVE: '1' });
    expect(answer).toMatchObject({ success: true, value: { rates: { LIVE: '1.00' }, lowered: 3 } });
    expect(await storedRates(low)).toEqual({ LIVE: 10000 });
    expect(await storedRates(leaf)).toEqual({ LIVE: 10000 });
    expect(await storedRates(top)).toEqual({ LIVE: 25000, SPORTS: 12500, RNG: 4000 });
  });

  it('takes every rate away with an empty set', async () => {
    expect((await setRates(leaf, { LIVE: '', RNG: '' })).success).toBe(true);
    expect(await storedRates(leaf)).toEqual({});
  });
});

describe('refusals and ownership', () => {
  it('a member who is no agent answers error_not_agent, nobody not_found, changing nothing', async () => {
    expect(await setRates(plain, { LIVE: '0.1' })).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    expect(await readRates(plain)).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    expect(await setRates(randomUUID(), { LIVE: '0.1' })).toMatchObject({ success: false, errorCode: 'not_found' });
    const malformed = (await request(ownerToken, 'PUT', ratesUrl('not-a-uuid'), { rates: {} })).json();
    expect(malformed).toMatchObject({ success: false });
    expect(await storedRates(plain)).toBeUndefined();
  });

  it("another merchant's agent is not_found through this merchant's path, and its rates stay", async () => {
    const before = await storedRates(far);
    expect(await setRates(far, { LIVE: '0.1' })).toMatchObject({ success: false, errorCode: 'not_found' });
    expect(await readRates(far)).toMatchObject({ success: false, errorCode: 'not_found' });
    expect(await storedRates(far)).toEqual(before);
  });

  it("another merchant's operator is refused, and one without agents.manage reads but does not write", async () => {
    const before = await storedRates(mid);
    const otherOwner = await createOperator('ora-other-owner', 'owner', 'other');
    const foreign = await setRates(mid, { LIVE: '0.1' }, otherOwner);
    expect(foreign.success).toBe(false);
    expect((await readRates(mid, otherOwner)).success).toBe(false);
    const support = await createOperator('ora-support', 'support', 'demo');
    expect((await readRates(mid, support)).success).toBe(true);
    const refused = await setRates(mid, { LIVE: '0.1' }, support);
    expect(refused).toMatchObject({ success: false, errorCode: 'forbidden' });
    expect(await storedRates(mid)).toEqual(before);
  });
});
