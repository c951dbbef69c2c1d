import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../../test/agent-contracts';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import type { memberClient } from '../../../test/member-client';
import type { TestApp } from '../../../test/test-app';
import { reconcileLedger } from '../ledger';

/**
 * The back office of agent contracts on a real PostgreSQL: the merchant's contract settings (read, saved audited,
 * refused per field with nothing changed) and the member offers they govern (a kind not allowed and a rate above the
 * maximum each refused with its own code, nothing written); the list, one contract with its transitions and its
 * chain checked; re-running a run whose statement was insufficient pays it once; and an operator of another merchant
 * reaches none of it.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};

const admin = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({
    method,
    url: `/api/admin/merchants/${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload ? { payload } : {}),
  });

const SETTINGS = {
  payer: 'platform',
  allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
  maxRates: { dividend: '50.00', daily: '3.00', hourly: '2.00', realtime: '2.00' },
  noticeDays: 0,
};

const counts = async (): Promise<Record<string, number>> =>
  (
    await t.database.pool.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM agent_contracts)::int AS contracts,
              (SELECT count(*) FROM agent_contract_events)::int AS events,
              (SELECT count(*) FROM agent_contract_payments)::int AS payments,
              (SELECT count(*) FROM ledger_transactions)::int AS transactions,
              (SELECT count(*) FROM audit_log WHERE action LIKE 'agent_contract.%')::int AS audits`,
    )
  ).rows[0] ?? {};
const settingsRows = async () => (await t.database.pool.query('SELECT * FROM agent_contract_settings')).rows;

const { newMember, act, play, fund, mainBalance } = contractSuite(async (app, appClient) => {
  t = app;
  client = appClient;
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  Object.assign(
    tokens,
    await signInOperators(t, [
      { name: 'yenowner', role: 'owner', merchantCode: 'yen' },
      { name: 'demofinance', role: 'finance', merchantCode: 'demo' },
    ]),
  );
});

describe('agent contracts in the back office', () => {
  let top: Member;
  let mid: Member;
  let low: Member;
  let player: Member;
  let dailyId: string;
  let realtimeId: string;

  it('builds a tree: top agent > mid agent > low agent > player', async () => {
    top = await newMember('bocta', null, 1);
    mid = await newMember('boctb', top.id, 1);
    low = await newMember('boctc', mid.id, 1);
    player = await newMember('boctp', low.id, 0);
    await t.services.events.drain();
    for (const m of [top, mid, low, player]) m.token = await client.login(m.account, 'Secret123');
  });

  it('reads the settings (defaults before any save) to every reading role; support may not change them', async () => {
    for (const role of ['owner', 'finance', 'risk', 'support', 'demofinance']) {
      const read = await admin(role, 'GET', 'demo/agent-contract-settings');
      expect(read.json(), role).toMatchObject({ success: true, value: SETTINGS });
    }
    expect((await admin('content', 'GET', 'demo/agent-contract-settings')).statusCode).toBe(403);
    const before = await counts();
    const bySupport = await admin('support', 'PUT', 'demo/agent-contract-settings', SETTINGS);
    expect(bySupport.statusCode).toBe(403);
    expect(await settingsRows()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad settings field by field, changing nothing', async () => {
    const before = await counts();
    const bad = await admin('owner', 'PUT', 'demo/agent-contract-settings', {
      payer: 'house',
      allowedKinds: ['daily', 'weekly'],
      maxRates: { dividend: '50', daily: '150', hourly: '1.234', realtime: '-1' },
      noticeDays: 91,
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.errorCode).toBe('validation_failed');
    const fields = Object.fromEntries(
      (body.fieldErrors as { path: string; code: string }[]).map((error) => [error.path, error.code]),
    );
    expect(fields).toMatchObject({
      payer: 'field_invalid',
      'allowedKinds.1': 'field_invalid',
      'maxRates.daily': 'contract_rate_invalid',
      'maxRates.hourly': 'contract_rate_invalid',
      'maxRates.realtime': 'contract_rate_invalid',
      noticeDays: 'field_too_large',
    });
    expect(fields['maxRates.dividend']).toBeUndefined();
    const twice = await admin('owner', 'PUT', 'demo/agent-contract-settings', {
      ...SETTINGS,
      allowedKinds: ['daily', 'daily'],
    });
    expect(twice.json().fieldErrors).toEqual([{ path: 'allowedKinds', code: 'field_invalid' }]);
    const unknown = await admin('owner', 'PUT', 'demo/agent-contract-settings', { ...SETTINGS, extra: 1 });
    expect(unknown.json().errorCode).toBe('validation_failed');
    expect(await settingsRows()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('saves the settings, audited, and the offers follow them: a kind not allowed, a rate above the maximum', async () => {
    const saved = await admin('demofinance', 'PUT', 'demo/agent-contract-settings', {
      ...SETTINGS,
      allowedKinds: ['daily', 'realtime'],
      maxRates: { ...SETTINGS.maxRates, daily: '2.5' },
      noticeDays: 3,
    });
    expect(saved.json()).toMatchObject({
      success: true,
      value: { allowedKinds: ['daily', 'realtime'], maxRates: { daily: '2.50' }, noticeDays: 3 },
    });
    const audit = await t.database.pool.query(
      `SELECT operator_username, merchant_code, target, details FROM audit_log WHERE action = 'agent_contract.settings'`,
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ operator_username: 'demofinanceop', merchant_code: 'demo', target: 'demo' }),
    ]);

    const before = await counts();
    const hourly = await act('hourly', top, {
      action: 'offer',
      downlineId: mid.id,
      terms: { kind: 'hourly', tiers: [{ betAmount: '0', rate: '1' }] },
    });
    expect(hourly).toMatchObject({ success: false, errorCode: 'contract_kind_not_allowed' });
    const above = await act('daily', top, {
      action: 'offer',
      downlineId: mid.id,
      terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '2.51' }] },
    });
    expect(above).toMatchObject({ success: false, errorCode: 'contract_rate_above_max' });
    expect(await counts()).toEqual(before);

    const atMax = await act('daily', top, {
      action: 'offer',
      downlineId: mid.id,
      terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1' }] },
    });
    expect(atMax.success).toBe(true);
    dailyId = atMax.value.contract.id;
    expect((await act('daily', mid, { action: 'accept', contractId: dailyId })).success).toBe(true);
    // Below the merchant's maximum but above the mid agent's own contract: the upline rule's code, not the maximum's.
    const aboveOwn = await act('daily', mid, {
      action: 'offer',
      downlineId: low.id,
      terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1.5' }] },
    });
    expect(aboveOwn).toMatchObject({ success: false, errorCode: 'contract_rate_above_upline' });

    // An offer made while allowed, the kind disallowed before its acceptance: refused at acceptance too.
    const offered = await act('realtime', top, {
      action: 'offer',
      downlineId: mid.id,
      terms: { kind: 'realtime', winRate: '1', lossRate: '2', minBet: '1' },
    });
    expect(offered.success).toBe(true);
    realtimeId = offered.value.contract.id;
    await admin('owner', 'PUT', 'demo/agent-contract-settings', { ...SETTINGS, allowedKinds: ['daily'] });
    const refused = await act('realtime', mid, { action: 'accept', contractId: realtimeId });
    expect(refused).toMatchObject({ success: false, errorCode: 'contract_kind_not_allowed' });
    await admin('owner', 'PUT', 'demo/agent-contract-settings', { ...SETTINGS, payer: 'upline' });
    expect((await act('realtime', mid, { action: 'accept', contractId: realtimeId })).success).toBe(true);
  });

  it('lists contracts by kind, status and agent, and shows one with its transitions', async () => {
    const all = (await admin('risk', 'GET', 'demo/agent-contracts')).json();
    expect(all.value.total).toBe(2);
    const daily = (await admin('risk', 'GET', 'demo/agent-contracts?kind=daily&status=active')).json();
    expect(daily.value.list.map((c: { id: string }) => c.id)).toEqual([dailyId]);
    const byAgent = (await admin('risk', 'GET', 'demo/agent-contracts?account=BOCTB')).json();
    expect(byAgent.value.total).toBe(2);
    expect((await admin('risk', 'GET', 'demo/agent-contracts?account=nobody')).json().value.total).toBe(0);
    const paged = (await admin('risk', 'GET', 'demo/agent-contracts?pageSize=1&pageNo=2')).json();
    expect(paged.value).toMatchObject({ pageNo: 2, totalPages: 2, total: 2 });
    expect(paged.value.list).toHaveLength(1);
    const badFilter = await admin('risk', 'GET', 'demo/agent-contracts?kind=weekly&pageSize=500');
    expect(badFilter.statusCode).toBe(400);

    const one = (await admin('support', 'GET', `demo/agent-contracts/${realtimeId}`)).json();
    expect(one).toMatchObject({
      success: true,
      value: {
        contract: { id: realtimeId, kind: 'realtime', status: 'active', payer: 'upline', uplineAccount: 'bocta' },
        currency: 'USD',
        statements: 0,
        chainIntact: true,
        brokenAtSeq: null,
      },
    });
    expect(one.value.contract.history.map((h: { action: string; actor: string }) => [h.action, h.actor])).toEqual([
      ['offered', 'member:bocta'],
      ['accepted', 'member:boctb'],
    ]);
    expect((await admin('owner', 'GET', `demo/agent-contracts/${randomUUID()}`)).json().errorCode).toBe('not_found');
    expect((await admin('owner', 'GET', 'demo/agent-contracts/not-a-uuid')).statusCode).toBe(400);
  });

  it('re-runs an insufficient run: nothing while the upline is empty, then paid once; a paid run is not run again', async () => {
    await play(player, 100_000n, 0n); // lost: 2 % of 1,000.00 = 20.00
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(new Date(Date.now() + 10 * 60_000));
    const runs = (await admin('owner', 'GET', `demo/agent-contract-runs?contractId=${realtimeId}`)).json().value;
    expect(runs.list).toHaveLength(1);
    const run = runs.list[0];
    expect(run).toMatchObject({ status: 'settled', statementStatus: 'insufficient', amount: '20.00', paid: '0.00' });
    const statements = (await admin('owner', 'GET', `demo/agent-contract-statements?contractId=${realtimeId}`)).json();
    expect(statements.value.list[0]).toMatchObject({ status: 'insufficient', amount: '20.00', seq: 1 });

    // Refused to roles that may only read, and to another merchant's operator; nothing changes.
    const before = await counts();
    expect((await admin('support', 'POST', `demo/agent-contract-runs/${run.id}/rerun`, {})).statusCode).toBe(403);
    expect((await admin('yenowner', 'POST', `demo/agent-contract-runs/${run.id}/rerun`, {})).statusCode).toBe(404);
    expect((await admin('yenowner', 'POST', `yen/agent-contract-runs/${run.id}/rerun`, {})).json().errorCode).toBe(
      'not_found',
    );
    expect((await admin('owner', 'POST', `demo/agent-contract-runs/${randomUUID()}/rerun`, {})).statusCode).toBe(404);
    expect((await admin('owner', 'POST', 'demo/agent-contract-runs/x/rerun', {})).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    // The upline still has nothing: the rerun pays nothing, and says so in the audit.
    const empty = (await admin('owner', 'POST', `demo/agent-contract-runs/${run.id}/rerun`, {})).json();
    expect(empty).toMatchObject({ success: true, value: { statementStatus: 'insufficient', paid: '0.00' } });
    // Compared with before, not with zero: run within ten minutes of midnight, settling at now + 10 min also pays
    // the day's contracts of this file.
    expect(await counts()).toMatchObject({ payments: before.payments, audits: (before.audits ?? 0) + 1 });

    // Credited: three concurrent reruns pay it exactly once.
    await fund(top.id, 3_000n);
    const answers = await Promise.all(
      [1, 2, 3].map(async () => (await admin('owner', 'POST', `demo/agent-contract-runs/${run.id}/rerun`, {})).json()),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.errorCode === 'contract_run_settled')).toHaveLength(2);
    expect(answers.find((a) => a.success).value).toMatchObject({ statementStatus: 'paid', paid: '20.00' });
    expect(await mainBalance(top.id)).toBe(1_000n);
    expect(await mainBalance(mid.id)).toBe(2_000n);
    const payments = await t.database.pool.query(
      'SELECT p.amount FROM agent_contract_payments p JOIN agent_contract_statements s ON s.id = p.statement_id WHERE s.contract_id = $1',
      [realtimeId],
    );
    expect(payments.rows).toEqual([{ amount: 2_000n }]);
    const audits = await t.database.pool.query(
      `SELECT operator_username, target, details FROM audit_log WHERE action = 'agent_contract.rerun' ORDER BY id`,
    );
    expect(audits.rows.map((r) => [r.target, r.details.outcome, r.details.paid])).toEqual([
      [realtimeId, 'payment', '0'],
      [realtimeId, 'payment', '2000'],
    ]);
    // The engine's own sweep finds nothing more to pay.
    expect(await t.services.agentContracts.payUnpaid()).toBe(0);
    expect((await reconcileLedger(t.database.pool)).filter((r) => r.discrepancies > 0)).toEqual([]);
  });

  it('shows a rewritten statement as a broken chain', async () => {
    const intact = (await admin('owner', 'GET', `demo/agent-contracts/${realtimeId}`)).json().value;
    expect(intact).toMatchObject({ statements: 1, chainIntact: true, brokenAtSeq: null });
    await t.database.pool.query('UPDATE agent_contract_statements SET amount = amount + 1 WHERE contract_id = $1', [
      realtimeId,
    ]);
    const broken = (await admin('owner', 'GET', `demo/agent-contracts/${realtimeId}`)).json().value;
    expect(broken).toMatchObject({ chainIntact: false, brokenAtSeq: 1 });
    await t.database.pool.query('UPDATE agent_contract_statements SET amount = amount - 1 WHERE contract_id = $1', [
      realtimeId,
    ]);
  });

  it("keeps another merchant's operator out of every screen, and shows it its own merchant's empty lists", async () => {
    for (const url of [
      'demo/agent-contracts',
      `demo/agent-contracts/${dailyId}`,
      'demo/agent-contract-runs',
      'demo/agent-contract-statements',
      'demo/agent-contract-settings',
    ]) {
      expect((await admin('yenowner', 'GET', url)).statusCode, url).toBe(404);
    }
    const before = await counts();
    const put = await admin('yenowner', 'PUT', 'demo/agent-contract-settings', SETTINGS);
    expect(put.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await admin('yenowner', 'GET', `yen/agent-contracts/${dailyId}`)).json().errorCode).toBe('not_found');
    expect((await admin('yenowner', 'GET', 'yen/agent-contracts')).json().value.total).toBe(0);
    expect(
      (await admin('yenowner', 'GET', `yen/agent-contract-runs?contractId=${realtimeId}`)).json().value.total,
    ).toBe(0);
    expect(
      (await admin('yenowner', 'GET', `yen/agent-contract-statements?contractId=${realtimeId}`)).json().value.total,
    ).toBe(0);
  });
});
