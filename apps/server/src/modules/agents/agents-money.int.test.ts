import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { hashPassword } from '../../platform/security/password';

/**
 * The agents' money on a real PostgreSQL (decision 0075): transfers to a downline and to the upline and red
 * envelopes through the ledger after the withdraw password, once per request id; every refusal (balance, a member
 * outside the downline, amounts, password, frozen agent, trial account, the merchant's rules) moves nothing;
 * concurrent transfers never overdraw; the merchant's agent settings (per-field errors, depth, downline agents) and
 * freezing, audited.
 *
 * The tree: top ─ ann (agent) ─┬ bob (member)
 *                              └ cat (agent) ─ dan (member)
 *           top ─ sue (member, ann's sibling)
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;
let passwordHash: string;
let payoutHash: string;

interface Member {
  id: string;
  account: string;
  token: string;
}

const fund = async (memberId: string, minor: bigint) => {
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: `agents-money-fund:${memberId}:${randomUUID()}`,
    from: { house: 'deposits' },
    to: { member: memberId, wallet: 'main' },
    amount: minor,
  });
};

/** A member of the demo merchant under `upline`, placed in the tree, with the withdraw password Payout99. */
const newMember = async (username: string, upline: Member | null, funds = 0n): Promise<Member> => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash,
    paymentPasswordHash: payoutHash,
    uplineId: upline?.id ?? null,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const id = created.row.id;
  await inTransaction(t.database.pool, (tx) =>
    t.services.agents.placeRegistered(tx, { merchantCode: 'demo', memberId: id, uplineId: upline?.id ?? null }),
  );
  if (funds > 0n) await fund(id, funds);
  return { id, account: username, token: await client.login(username, 'Secret123') };
};

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: ownerToken }, ...(payload ? { payload } : {}) });

const makeAgent = async (member: Member) => {
  const answer = await admin('POST', `/api/admin/merchants/demo/agent-tree/${member.id}/agent-type`, { agentType: 1 });
  expect(answer.json().success, answer.body).toBe(true);
};

const saveSettings = async (values: Record<string, unknown>) =>
  (
    await admin('PUT', '/api/admin/merchants/demo/agent-settings', {
      maxDepth: 20,
      agentsCreateAgents: true,
      transferDown: 'any',
      transferUp: true,
      defaultRates: {},
      ...values,
    })
  ).json();

const sealed = (as: Member, url: string, moduleId: string, body: object) =>
  client.sealed('POST', url, body, { moduleId, token: as.token });

const transferDown = async (as: Member, toAccount: string, amount: string, extra: Record<string, unknown> = {}) =>
  (
    await sealed(as, '/wps/agent/transfer/downline', 'DOWNMAN', {
      requestId: randomUUID(),
      toAccount,
      amount,
      withdrawPassword: 'Payout99',
      ...extra,
    })
  ).json();

const transferUp = async (as: Member, amount: string, extra: Record<string, unknown> = {}) =>
  (
    await sealed(as, '/wps/agent/transfer/upline', 'AGETRANSFERUP3', {
      requestId: randomUUID(),
      amount,
      withdrawPassword: 'Payout99',
      ...extra,
    })
  ).json();

const redEnvelope = async (as: Member, memberIds: string[], amount: string, extra: Record<string, unknown> = {}) =>
  (
    await sealed(as, '/wps/agent/red-envelope', 'AGENTRANSMULTDOWN3', {
      requestId: randomUUID(),
      memberIds,
      amount,
      split: 'random',
      withdrawPassword: 'Payout99',
      ...extra,
    })
  ).json();

const balanceOf = async (member: Member): Promise<bigint> =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: member.id, wallet: 'main' },
    })
  ).available;

/** Every balance of the tree and the number of ledger postings: what a refusal must leave unchanged. */
const snapshot = async () => ({
  balances: await Promise.all([top, ann, bob, cat, dan, sue].map(balanceOf)),
  postings: (await t.database.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_postings')).rows[0]?.n,
});

const history = async (as: Member, type: string) => {
  const body = (
    await client.send({
      method: 'GET',
      url: `/wps/member/transactions?type=${type}&range=today`,
      moduleId: 'MEMTRANS3',
      token: as.token,
    })
  ).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.list as { amount: string; type: string; reference: string }[];
};

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
  payoutHash = await hashPassword('Payout99');
  top = await newMember('mtop', null);
  await makeAgent(top);
  ann = await newMember('mann', top, 100_00n);
  await makeAgent(ann);
  bob = await newMember('mbob', ann);
  cat = await newMember('mcat', ann, 50_00n);
  await makeAgent(cat);
  dan = await newMember('mdan', cat);
  sue = await newMember('msue', top);
});

afterAll(async () => {
  if (!t) return;
  await closeReconciled(t);
});

describe('agent settings', () => {
  it('start at the defaults, refuse bad values per field and save nothing, save good ones audited', async () => {
    const first = (await admin('GET', '/api/admin/merchants/demo/agent-settings')).json();
    expect(first.value).toEqual({
      maxDepth: 20,
      agentsCreateAgents: true,
      transferDown: 'any',
      transferUp: false,
      defaultRates: {},
    });
    const bad = await saveSettings({
      maxDepth: 0,
      transferDown: 'sideways',
      defaultRates: { LIVE: '50', RNG: '0.12345', FISH: 'x' },
    });
    expect(bad.success).toBe(false);
    expect(bad.errorCode).toBe('validation_failed');
    const codes = Object.fromEntries(
      (bad.fieldErrors as { path: string; code: string }[]).map((error) => [error.path, error.code]),
    );
    expect(codes).toEqual({
      maxDepth: 'field_too_small',
      transferDown: 'field_not_allowed',
      'defaultRates.LIVE': 'field_too_large',
      'defaultRates.RNG': 'rebate_rate_too_precise',
      'defaultRates.FISH': 'field_invalid',
    });
    expect((await admin('GET', '/api/admin/merchants/demo/agent-settings')).json().value).toEqual(first.value);
    const saved = await saveSettings({ defaultRates: { LIVE: '0.8', SPORTS: '1.25' } });
    expect(saved.value).toEqual({
      maxDepth: 20,
      agentsCreateAgents: true,
      transferDown: 'any',
      transferUp: true,
      defaultRates: { LIVE: '0.80', SPORTS: '1.25' },
    });
    const { rows } = await t.database.pool.query("SELECT target FROM audit_log WHERE action = 'agent.settings'");
    expect(rows).toEqual([{ target: 'demo' }]);
  });
});

describe('transfers', () => {
  it('moves money to a downline once per request id, and both members see it in their history', async () => {
    const requestId = randomUUID();
    const body = { requestId, toAccount: 'mbob', amount: '12.50', withdrawPassword: 'Payout99' };
    const first = (await sealed(ann, '/wps/agent/transfer/downline', 'DOWNMAN', body)).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    expect(first.value).toMatchObject({ toAccount: 'mbob', entry: { amount: '-12.50', type: 'transfer_downline' } });
    const again = (await sealed(ann, '/wps/agent/transfer/downline', 'DOWNMAN', body)).json();
    expect(again.value.entry).toEqual(first.value.entry);
    expect(await balanceOf(ann)).toBe(87_50n);
    expect(await balanceOf(bob)).toBe(12_50n);
    const changed = (await sealed(ann, '/wps/agent/transfer/downline', 'DOWNMAN', { ...body, amount: '1.00' })).json();
    expect(changed.errorCode).toBe('idempotency_conflict');
    expect(await balanceOf(ann)).toBe(87_50n);
    const annSide = await history(ann, 'transfer_downline');
    const bobSide = await history(bob, 'transfer_downline');
    expect(annSide.map((entry) => entry.amount)).toEqual(['-12.50']);
    expect(bobSide.map((entry) => entry.amount)).toEqual(['12.50']);
    expect(bobSide[0]?.reference).toBe(annSide[0]?.reference);
  });

  it('reaches any level below by default, and the upline when the merchant allows it', async () => {
    expect((await transferDown(ann, 'mdan', '1.00')).success).toBe(true);
    expect(await balanceOf(dan)).toBe(1_00n);
    const up = await transferUp(cat, '2.00');
    expect(up.success, JSON.stringify(up)).toBe(true);
    expect(up.value.toAccount).toBe('mann');
    expect(await balanceOf(cat)).toBe(48_00n);
    expect((await history(ann, 'transfer_upline')).map((entry) => entry.amount)).toEqual(['2.00']);
  });

  it('refuses with its own code and moves nothing: balance, non-downline, amounts, password, rules', async () => {
    const before = await snapshot();
    const refusals: [string, Promise<{ success: boolean; errorCode: string; fieldErrors?: unknown }>][] = [
      ['insufficient_funds', transferDown(ann, 'mbob', '1000.00')],
      ['not_found', transferDown(ann, 'msue', '1.00')],
      ['not_found', transferDown(ann, 'mtop', '1.00')],
      ['not_found', transferDown(ann, 'mann', '1.00')],
      ['not_found', transferDown(ann, 'nobody-here', '1.00')],
      ['not_found', transferDown(cat, 'mbob', '1.00')],
      ['validation_failed', transferDown(ann, 'mbob', '0')],
      ['validation_failed', transferDown(ann, 'mbob', '-5')],
      ['validation_failed', transferDown(ann, 'mbob', 'abc')],
      ['validation_failed', transferDown(ann, 'mbob', '1.001')],
      ['validation_failed', transferDown(ann, 'mbob', '')],
      ['validation_failed', transferDown(ann, 'mbob', '1.00', { requestId: 'not-a-uuid' })],
      ['validation_failed', transferUp(cat, '0.00')],
      ['insufficient_funds', transferUp(cat, '48.01')],
      ['not_found', redEnvelope(ann, [bob.id, sue.id], '1.00')],
      ['not_found', redEnvelope(ann, [top.id], '1.00')],
      ['red_envelope_too_small', redEnvelope(ann, [bob.id, cat.id, dan.id], '0.02')],
      ['validation_failed', redEnvelope(ann, [bob.id, bob.id], '1.00')],
      ['validation_failed', redEnvelope(ann, [], '1.00')],
      ['insufficient_funds', redEnvelope(ann, [bob.id, dan.id], '500.00')],
    ];
    for (const [code, answer] of refusals) {
      const body = await answer;
      expect({ code, success: body.success }).toEqual({ code: body.errorCode, success: false });
    }
    const amountCodes = await Promise.all(
      ['0', '-5', 'abc', '1.001'].map(async (amount) => (await transferDown(ann, 'mbob', amount)).fieldErrors),
    );
    expect(amountCodes).toEqual([
      [{ path: 'amount', code: 'amount_not_positive' }],
      [{ path: 'amount', code: 'amount_not_positive' }],
      [{ path: 'amount', code: 'amount_not_numeric' }],
      [{ path: 'amount', code: 'amount_too_precise' }],
    ]);
    expect((await transferDown(ann, 'mbob', '1000.00')).fieldErrors).toEqual([
      { path: 'amount', code: 'insufficient_funds' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a wrong withdraw password on the field, and throttles after five wrong ones', async () => {
    const before = await snapshot();
    const wrong = await transferDown(cat, 'mdan', '1.00', { withdrawPassword: 'Wrong999' });
    expect(wrong).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'withdrawPassword', code: 'error_withdraw_password' }],
    });
    for (let i = 0; i < 4; i++) await transferUp(cat, '1.00', { withdrawPassword: 'Wrong999' });
    // The sixth try is refused even with the right password, until the window passes.
    expect((await transferDown(cat, 'mdan', '1.00')).errorCode).toBe('too_many_requests');
    expect((await redEnvelope(cat, [dan.id], '1.00')).errorCode).toBe('too_many_requests');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what the merchant does not allow: transfers off, direct downline only, none to the upline', async () => {
    const before = await snapshot();
    await saveSettings({ transferDown: 'off' });
    expect((await transferDown(ann, 'mbob', '1.00')).errorCode).toBe('agent_transfer_off');
    expect((await redEnvelope(ann, [bob.id], '1.00')).errorCode).toBe('agent_transfer_off');
    await saveSettings({ transferDown: 'direct', transferUp: false });
    expect((await transferDown(ann, 'mdan', '1.00')).errorCode).toBe('agent_transfer_direct_only');
    expect((await redEnvelope(ann, [bob.id, dan.id], '1.00')).errorCode).toBe('agent_transfer_direct_only');
    expect((await transferUp(ann, '1.00')).errorCode).toBe('agent_transfer_up_off');
    const info = await client.send({
      method: 'GET',
      url: '/wps/agent/transfer',
      moduleId: 'DOWNMAN',
      token: ann.token,
    });
    expect(info.json().value).toMatchObject({ transferDown: 'direct', transferUp: false, uplineAccount: 'mtop' });
    expect(await snapshot()).toEqual(before);
    expect((await transferDown(ann, 'mbob', '1.00')).success).toBe(true);
    await saveSettings({});
  });

  it('refuses a member who is no agent, and a free-play trial account', async () => {
    const before = await snapshot();
    expect((await transferDown(bob, 'mann', '1.00')).errorCode).toBe('error_not_agent');
    const trial = await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    });
    const trialMember = { id: '', account: 'trial', token: trial.json().value.token as string };
    expect((await transferDown(trialMember, 'mbob', '1.00')).errorCode).toBe('error_not_agent');
    expect((await redEnvelope(trialMember, [bob.id], '1.00')).errorCode).toBe('error_not_agent');
    expect(await snapshot()).toEqual(before);
  });

  it('never overdraws under concurrent transfers, and applies one request id once however often it arrives', async () => {
    const start = await balanceOf(ann);
    const quarter = start / 4n;
    const amount = `${quarter / 100n}.${String(quarter % 100n).padStart(2, '0')}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => transferDown(ann, 'mbob', amount)));
    const succeeded = answers.filter((answer) => answer.success).length;
    expect(succeeded).toBe(4);
    expect(answers.filter((answer) => !answer.success).map((answer) => answer.errorCode)).toEqual(
      Array(4).fill('insufficient_funds'),
    );
    expect(await balanceOf(ann)).toBe(start - 4n * quarter);
    await fund(ann.id, 20_00n);
    const annBefore = await balanceOf(ann);
    const bobBefore = await balanceOf(bob);
    const body = { requestId: randomUUID(), toAccount: 'mbob', amount: '3.00', withdrawPassword: 'Payout99' };
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => sealed(ann, '/wps/agent/transfer/downline', 'DOWNMAN', body)),
    );
    const values = replays.map((reply) => reply.json());
    expect(values.every((value) => value.success)).toBe(true);
    expect(new Set(values.map((value) => value.value.entry.transactionId)).size).toBe(1);
    expect(await balanceOf(ann)).toBe(annBefore - 3_00n);
    expect(await balanceOf(bob)).toBe(bobBefore + 3_00n);
  });
});

describe('red envelope', () => {
  it('splits exactly among the chosen downline in one ledger transaction, once per request id', async () => {
    const recipients = [bob, cat, dan];
    const before = await Promise.all([ann, ...recipients].map(balanceOf));
    const body = {
      requestId: randomUUID(),
      memberIds: recipients.map((member) => member.id),
      amount: '10.00',
      split: 'random',
      withdrawPassword: 'Payout99',
    };
    const first = (await sealed(ann, '/wps/agent/red-envelope', 'AGENTRANSMULTDOWN3', body)).json();
    expect(first.success, JSON.stringify(first)).toBe(true);
    const parts = (first.value.parts as { account: string; amount: string }[]).map((part) =>
      BigInt(part.amount.replace('.', '')),
    );
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(10_00n);
    expect(parts.every((part) => part >= 1n)).toBe(true);
    expect(first.value.parts.map((part: { account: string }) => part.account)).toEqual(['mbob', 'mcat', 'mdan']);
    const replay = (await sealed(ann, '/wps/agent/red-envelope', 'AGENTRANSMULTDOWN3', body)).json();
    expect(replay.value).toEqual(first.value);
    const after = await Promise.all([ann, ...recipients].map(balanceOf));
    expect(after).toEqual([
      (before[0] as bigint) - 10_00n,
      ...parts.map((part, i) => (before[i + 1] as bigint) + part),
    ]);
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id WHERE x.type = 'agent_red_envelope'",
    );
    expect(rows[0]?.n).toBe(1);
    expect((await history(dan, 'agent_red_envelope')).length).toBe(1);
  });

  it('splits equally with the remainder to the first chosen', async () => {
    const answer = await redEnvelope(ann, [dan.id, bob.id, cat.id], '0.11', { split: 'equal' });
    expect(answer.value.parts).toEqual([
      { memberId: dan.id, account: 'mdan', amount: '0.04' },
      { memberId: bob.id, account: 'mbob', amount: '0.04' },
      { memberId: cat.id, account: 'mcat', amount: '0.03' },
    ]);
  });
});

describe('freezing', () => {
  it('an operator freezes an agent with a reason (audited): it cannot transfer or create downlines until unfrozen', async () => {
    const url = `/api/admin/merchants/demo/agent-tree/${ann.id}/freeze`;
    const noReason = (await admin('POST', url, { frozen: true, reason: ' ' })).json();
    expect(noReason.fieldErrors).toMatchObject([{ path: 'reason', code: 'not_empty' }]);
    expect(
      (
        await admin('POST', `/api/admin/merchants/demo/agent-tree/${bob.id}/freeze`, { frozen: true, reason: 'x' })
      ).json().errorCode,
    ).toBe('error_not_agent');
    const frozen = (await admin('POST', url, { frozen: true, reason: 'chargeback review' })).json();
    expect(frozen.value).toMatchObject({ memberId: ann.id, frozen: true });
    const before = await snapshot();
    expect((await transferDown(ann, 'mbob', '1.00')).errorCode).toBe('agent_frozen');
    expect((await transferUp(ann, '1.00')).errorCode).toBe('agent_frozen');
    expect((await redEnvelope(ann, [bob.id], '1.00')).errorCode).toBe('agent_frozen');
    await expect(t.services.agentsMoney.checkMayCreateDownline({ code: 'demo' }, ann.id, false)).rejects.toMatchObject({
      code: 'agent_frozen',
    });
    const info = await client.send({
      method: 'GET',
      url: '/wps/agent/transfer',
      moduleId: 'DOWNMAN',
      token: ann.token,
    });
    expect(info.json().value.frozen).toBe(true);
    expect(await snapshot()).toEqual(before);
    const thawed = (await admin('POST', url, { frozen: false, reason: 'review done' })).json();
    expect(thawed.value.frozen).toBe(false);
    expect((await transferDown(ann, 'mbob', '1.00')).success).toBe(true);
    const { rows } = await t.database.pool.query(
      "SELECT action, target, details->>'reason' AS reason FROM audit_log WHERE action LIKE 'agent.%freeze' ORDER BY id",
    );
    expect(rows).toEqual([
      { action: 'agent.freeze', target: ann.id, reason: 'chargeback review' },
      { action: 'agent.unfreeze', target: ann.id, reason: 'review done' },
    ]);
  });
});

describe('tree settings', () => {
  it('the merchant depth limit places a registration at the top and refuses deeper moves and downlines', async () => {
    // top 0 ─ ann 1 ─ cat 2 ─ dan 3; a limit of 2 keeps members at depth ≤ 2.
    await saveSettings({ maxDepth: 2 });
    const eve = await newMember('meve', dan);
    expect((await t.services.agents.adminNode(eve.id)).parentId).toBeNull();
    const fay = await newMember('mfay', ann);
    expect((await t.services.agents.adminNode(fay.id)).depth).toBe(2);
    await expect(t.services.agentsMoney.checkMayCreateDownline({ code: 'demo' }, cat.id, false)).rejects.toMatchObject({
      code: 'agent_tree_too_deep',
    });
    await t.services.agentsMoney.checkMayCreateDownline({ code: 'demo' }, ann.id, true);
    const move = await admin('POST', `/api/admin/merchants/demo/agent-tree/${sue.id}/move`, { newParentId: cat.id });
    expect(move.json().errorCode).toBe('agent_tree_too_deep');
    await saveSettings({ agentsCreateAgents: false });
    await expect(t.services.agentsMoney.checkMayCreateDownline({ code: 'demo' }, ann.id, true)).rejects.toMatchObject({
      code: 'agent_create_agents_off',
    });
    await t.services.agentsMoney.checkMayCreateDownline({ code: 'demo' }, ann.id, false);
    await saveSettings({});
  });
});

describe('what other modules ask of the agents (decision 0089)', () => {
  const personalUp = async (as: Member, amount: string) =>
    (
      await sealed(as, '/wps/member/transfer/upline', 'AGETRANSFERUP3', {
        requestId: randomUUID(),
        amount,
        withdrawPassword: 'Payout99',
      })
    ).json();
  const personalInfo = async (as: Member) =>
    (
      await client.send({
        method: 'GET',
        url: '/wps/member/transfer/upline',
        moduleId: 'AGETRANSFERUP3',
        token: as.token,
      })
    ).json().value;

  it("the personal centre's transfer to upline follows the agents' rule for an agent, not for a plain member", async () => {
    await saveSettings({ transferUp: false });
    const before = await snapshot();
    expect(await personalInfo(ann)).toMatchObject({ available: false, uplineAccount: 'mtop' });
    expect((await personalUp(ann, '1.00')).errorCode).toBe('agent_transfer_up_off');
    expect(await snapshot()).toEqual(before);
    // A plain member's transfer to its upline agent is not the agents' setting.
    expect(await personalInfo(bob)).toMatchObject({ available: true, uplineAccount: 'mann' });
    const [annBefore, bobBefore] = [await balanceOf(ann), await balanceOf(bob)];
    const plain = await personalUp(bob, '0.50');
    expect(plain.success, JSON.stringify(plain)).toBe(true);
    expect([await balanceOf(ann), await balanceOf(bob)]).toEqual([annBefore + 50n, bobBefore - 50n]);

    await saveSettings({ transferUp: true });
    expect(await personalInfo(ann)).toMatchObject({ available: true });
    const topBefore = await balanceOf(top);
    const allowed = await personalUp(ann, '1.25');
    expect(allowed.success, JSON.stringify(allowed)).toBe(true);
    expect(allowed.value).toMatchObject({ type: 'transfer_upline', amount: '-1.25' });
    expect(await balanceOf(top)).toBe(topBefore + 1_25n);

    // A frozen agent transfers nowhere, the personal centre included.
    const url = `/api/admin/merchants/demo/agent-tree/${ann.id}/freeze`;
    expect((await admin('POST', url, { frozen: true, reason: 'audit' })).json().success).toBe(true);
    const frozenBefore = await snapshot();
    expect(await personalInfo(ann)).toMatchObject({ available: false });
    expect((await personalUp(ann, '1.00')).errorCode).toBe('agent_frozen');
    expect(await snapshot()).toEqual(frozenBefore);
    expect((await admin('POST', url, { frozen: false, reason: 'audit done' })).json().success).toBe(true);
    await saveSettings({});
  });

  it("refuses registration through a frozen agent's affiliate code on the field, creating nothing", async () => {
    const code = (await t.services.members.findById(ann.id))?.affiliateCode ?? '';
    expect(code).not.toBe('');
    const register = async (username: string) =>
      (
        await client.sealed(
          'PUT',
          '/wps/member/register',
          {
            username,
            password: 'Secret123',
            confirmPassword: 'Secret123',
            termsAccepted: true,
            affiliateCode: code,
            botCheck: await client.botCheck(),
          },
          { moduleId: 'REG3' },
        )
      ).json();
    const check = async () =>
      (await client.send({ method: 'GET', url: `/wps/agent/affiliate?code=${code}`, moduleId: 'AFFMAN3' })).json();
    const members = async () =>
      (await t.database.pool.query("SELECT count(*)::int AS n FROM members WHERE merchant_code = 'demo'")).rows[0].n;

    const url = `/api/admin/merchants/demo/agent-tree/${ann.id}/freeze`;
    expect((await admin('POST', url, { frozen: true, reason: 'fraud review' })).json().success).toBe(true);
    const count = await members();
    expect(await check()).toMatchObject({ success: false, errorCode: 'invitation_code_suspended' });
    const refused = await register('mviafrozen');
    expect(refused).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'affiliateCode', code: 'invitation_code_suspended' }],
    });
    expect(await members()).toBe(count);

    expect((await admin('POST', url, { frozen: false, reason: 'cleared' })).json().success).toBe(true);
    expect(await check()).toMatchObject({ success: true, value: { code } });
    const registered = await register('mviathawed');
    expect(registered.success, JSON.stringify(registered)).toBe(true);
    expect((await t.services.members.findByUsername('demo', 'mviathawed'))?.uplineId).toBe(ann.id);
  });
});
