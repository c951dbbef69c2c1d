import type { ReportTable } from '@tessera/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractMember, contractHelpers } from '../../../test/agent-contracts';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { creditDeposit as creditDepositOf } from '../../../test/credit-deposit';
import { memberClient } from '../../../test/member-client';
import { buildNextExport as buildExportOf } from '../../../test/report-exports';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/**
 * The agents and affiliates report on a real PostgreSQL (decision 0123): two agent trees with deposits, rounds and a
 * settled daily contract; the report's rows and totals equal a recomputation from the raw rows (bets, deposit
 * orders, contract payments, members' uplines); nested agents are counted once in the totals; only owner and
 * finance read it; bad input changes nothing; the CSV export is built by the job and audited.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let tokens: Record<string, string>;
let passwordHash: string;
const today = new Date().toISOString().slice(0, 10);
const helpers = contractHelpers(
  () => t,
  () => client,
  () => passwordHash,
);

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: tokens[who] ?? '' }, ...(payload ? { payload } : {}) });
const report = async (query: string, who = 'owner') => {
  const body = (await as(who, 'GET', `/api/admin/merchants/demo/reports/agents?${query}`)).json();
  if (!body.success) throw new Error(`agents report: ${body.errorCode}`);
  return body.value as ReportTable;
};
const cell = (table: ReportTable, row: string[] | undefined, key: string) =>
  row?.[table.columns.findIndex((c) => c.key === key)];
const total = (table: ReportTable, key: string) => table.totals[table.columns.findIndex((c) => c.key === key)];
const major = (minor: bigint | string) => (Number(minor) / 100).toFixed(2);

const creditDeposit = (memberId: string, amount: string) => creditDepositOf(t, memberId, amount);

const buildNextExport = async () => {
  if (!(await buildExportOf(t))) throw new Error('no export claimed');
};

/**
 * The raw recomputation of the report's figures today (UTC) for the team of each given agent (the agent and every
 * member below it), from bets, deposit orders, members and contract payments; never the reports' rollups.
 */
const rawTeam = async (agentIds: string[]) => {
  const { rows } = await t.database.pool.query<Record<string, string>>(
    `WITH team AS (SELECT DISTINCT descendant_id AS member_id FROM agent_closure WHERE ancestor_id = ANY($1::uuid[])),
          below AS (SELECT DISTINCT descendant_id AS member_id FROM agent_closure
                     WHERE ancestor_id = ANY($1::uuid[]) AND distance > 0)
     SELECT
       (SELECT count(*) FROM below)::text AS "teamMembers",
       (SELECT count(*) FROM members m JOIN below b ON b.member_id = m.id
         WHERE m.created_at >= current_date::timestamptz)::text AS "newMembers",
       (SELECT count(DISTINCT r.member_id) FROM bet_rounds r JOIN team USING (member_id)
         WHERE r.status = 'settled' AND r.settled_at >= current_date::timestamptz)::text AS "activePlayers",
       (SELECT COALESCE(sum(r.valid_bet), 0) FROM bet_rounds r JOIN team USING (member_id)
         WHERE r.status = 'settled' AND r.settled_at >= current_date::timestamptz)::text AS "validBets",
       (SELECT COALESCE(sum(r.bet_amount - r.payout), 0) FROM bet_rounds r JOIN team USING (member_id)
         WHERE r.status = 'settled' AND r.settled_at >= current_date::timestamptz)::text AS ggr,
       (SELECT COALESCE(sum(o.amount), 0) FROM deposit_orders o JOIN team USING (member_id)
         WHERE o.status = 'succeeded' AND o.updated_at >= current_date::timestamptz)::text AS deposits,
       (SELECT count(*) FROM (SELECT o.member_id FROM deposit_orders o JOIN team USING (member_id)
         WHERE o.status = 'succeeded' GROUP BY o.member_id
        HAVING min(o.updated_at) >= current_date::timestamptz) f)::text AS "firstDepositors"`,
    [agentIds],
  );
  return rows[0] as Record<string, string>;
};

/** What contracts paid each agent today, from the payments themselves. */
const rawPaid = async (agentIds: string[]) => {
  const { rows } = await t.database.pool.query<{ paid: string }>(
    `SELECT COALESCE(sum(p.amount), 0)::text AS paid FROM agent_contract_payments p
       JOIN agent_contract_statements s ON s.id = p.statement_id
      WHERE s.downline_id = ANY($1::uuid[]) AND p.at >= current_date::timestamptz`,
    [agentIds],
  );
  return rows[0]?.paid ?? '0';
};

/** An agent as the agents module lists one: a profile, or a member below it. */
const AGENT = (id: string) =>
  `(EXISTS (SELECT 1 FROM agent_profiles p WHERE p.member_id = ${id}) OR EXISTS (SELECT 1 FROM agent_nodes k WHERE k.parent_id = ${id}))`;

let a: ContractMember;
let b: ContractMember;
let c: ContractMember;
let pa: ContractMember;
let pb1: ContractMember;
let pb2: ContractMember;
let pc: ContractMember;

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  passwordHash = await hashPassword('Secret123');
  await merchantLikeDemo(t, 'other');
  tokens = await signInOperators(t, [{ name: 'otherowner', role: 'owner', merchantCode: 'other' }]);
  await t.services.events.drain();
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('agents report', () => {
  it('builds two trees: A (top) > B (agent) > players, C (top) > a player; with cash, play and a paid contract', async () => {
    a = await helpers.newMember('agra', null, 1);
    b = await helpers.newMember('agrb', a.id, 1);
    pa = await helpers.newMember('agrpa', a.id, 0);
    pb1 = await helpers.newMember('agrpb1', b.id, 0);
    pb2 = await helpers.newMember('agrpb2', b.id, 0);
    c = await helpers.newMember('agrc', null, 1);
    pc = await helpers.newMember('agrpc', c.id, 0);
    await t.services.events.drain();
    for (const m of [a, b]) m.token = await client.login(m.account, 'Secret123');

    await creditDeposit(pa.id, '40.00');
    await creditDeposit(pb1.id, '100.00');
    await creditDeposit(pb1.id, '25.00');
    await creditDeposit(pc.id, '60.00');
    await helpers.play(pa, 1_000n, 0n);
    await helpers.play(pb1, 2_500n, 4_000n);
    await helpers.play(pb2, 700n, 100n);
    await helpers.play(pc, 300n, 0n);
    await t.services.events.drain();

    const offered = await helpers.act('daily', a, {
      action: 'offer',
      downlineId: b.id,
      terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1' }] },
    });
    expect(offered.success).toBe(true);
    expect((await helpers.act('daily', b, { action: 'accept', contractId: offered.value.contract.id })).success).toBe(
      true,
    );
    await helpers.play(pb1, 5_000n, 0n);
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(new Date(Date.now() + 86_400_000 + 120_000));
    await t.services.events.drain();
  }, 120_000);

  it("each agent's row equals a recomputation from the raw rows; the totals count a nested team once", async () => {
    const range = `from=${today}&to=${today}&timeZone=UTC&pageSize=500`;
    const table = await report(range);
    const rowOf = (account: string) => table.rows.find((row) => row[0] === account);
    for (const agent of [a, b, c]) {
      const row = rowOf(agent.account);
      const raw = await rawTeam([agent.id]);
      for (const key of ['teamMembers', 'newMembers', 'activePlayers', 'firstDepositors'] as const)
        expect(cell(table, row, key), `${agent.account} ${key}`).toBe(raw[key]);
      for (const key of ['deposits', 'validBets', 'ggr'] as const)
        expect(cell(table, row, key), `${agent.account} ${key}`).toBe(major(raw[key] as string));
      expect(cell(table, row, 'contractsPaid')).toBe(major(await rawPaid([agent.id])));
    }
    // What the activity done by hand makes: B's team (B, pb1, pb2) and A's (A, B's team, pa).
    expect(cell(table, rowOf('agrb'), 'teamMembers')).toBe('2');
    expect(cell(table, rowOf('agra'), 'teamMembers')).toBe('4');
    expect(cell(table, rowOf('agrb'), 'deposits')).toBe('125.00');
    expect(cell(table, rowOf('agra'), 'deposits')).toBe('165.00');
    expect(cell(table, rowOf('agrb'), 'ggr')).toBe(major(2_500n - 4_000n + 700n - 100n + 5_000n));
    expect(cell(table, rowOf('agrb'), 'ngr')).toBe(cell(table, rowOf('agrb'), 'ggr'));
    // The daily contract paid B 1% of its team's valid bets (its statement's amount), and nobody else.
    const { rows: statements } = await t.database.pool.query<{ paid: string }>(
      "SELECT paid::text FROM agent_contract_statements WHERE downline_id = $1 AND kind = 'daily'",
      [b.id],
    );
    expect(statements).toHaveLength(1);
    expect(BigInt(statements[0]?.paid ?? '0')).toBeGreaterThan(0n);
    expect(cell(table, rowOf('agrb'), 'dailySalary')).toBe(major(statements[0]?.paid ?? '0'));
    expect(cell(table, rowOf('agra'), 'contractsPaid')).toBe('0.00');
    // Affiliate: the members registered with an agent as direct upline (by its link) and their deposits.
    expect(cell(table, rowOf('agrb'), 'affiliateRegistrations')).toBe('2');
    expect(cell(table, rowOf('agrb'), 'affiliateDeposits')).toBe('125.00');
    expect(cell(table, rowOf('agra'), 'affiliateRegistrations')).toBe('2');
    expect(cell(table, rowOf('agra'), 'affiliateDeposits')).toBe('40.00');

    // Totals: every agent of the merchant, each member once (the top agents' teams), from the raw rows.
    const { rows: tops } = await t.database.pool.query<{ id: string }>(
      `SELECT n.member_id AS id FROM agent_nodes n WHERE n.merchant_code = 'demo' AND n.parent_id IS NULL
          AND ${AGENT('n.member_id')}`,
    );
    const { rows: agents } = await t.database.pool.query<{ id: string }>(
      `SELECT n.member_id AS id FROM agent_nodes n WHERE n.merchant_code = 'demo' AND ${AGENT('n.member_id')}`,
    );
    const raw = await rawTeam(tops.map((r) => r.id));
    for (const key of ['activePlayers', 'firstDepositors', 'newMembers'] as const)
      expect(total(table, key), key).toBe(raw[key]);
    for (const key of ['deposits', 'validBets', 'ggr'] as const)
      expect(total(table, key), key).toBe(major(raw[key] as string));
    expect(total(table, 'contractsPaid')).toBe(major(await rawPaid(agents.map((r) => r.id))));
    expect(table.total).toBe(agents.length);

    // By top-level agent: the same totals, B folded into A.
    const byTop = await report(`${range}&groupBy=top`);
    expect(byTop.rows.find((row) => row[0] === 'agrb')).toBeUndefined();
    expect(
      cell(
        byTop,
        byTop.rows.find((row) => row[0] === 'agra'),
        'deposits',
      ),
    ).toBe('165.00');
    for (const key of ['deposits', 'validBets', 'ggr', 'activePlayers', 'teamMembers'])
      expect(total(byTop, key), key).toBe(total(table, key));

    // One agent's row, and a day with nothing.
    const one = await report(`${range}&agent=agrb`);
    expect(one.rows.map((row) => row[0])).toEqual(['agrb']);
    expect(total(one, 'deposits')).toBe('125.00');
    const empty = await report('from=2020-01-01&to=2020-01-31&timeZone=UTC&agent=agrb');
    expect(cell(empty, empty.rows[0], 'deposits')).toBe('0.00');
    expect(cell(empty, empty.rows[0], 'teamMembers')).toBe('2');
  });

  it('only owner and finance read it; another merchant’s operator gets not_found; bad input changes nothing', async () => {
    const range = `from=${today}&to=${today}`;
    await report(range, 'finance');
    for (const who of ['risk', 'support', 'content'])
      expect((await as(who, 'GET', `/api/admin/merchants/demo/reports/agents?${range}`)).json().errorCode).toBe(
        'forbidden',
      );
    expect((await as('otherowner', 'GET', `/api/admin/merchants/demo/reports/agents?${range}`)).json().errorCode).toBe(
      'not_found',
    );
    for (const query of [
      `from=${today}&to=2000-01-01`,
      `${range}&groupBy=planet`,
      `${range}&agent=${'x'.repeat(41)}`,
      `${range}&unknown=1`,
    ])
      expect((await as('owner', 'GET', `/api/admin/merchants/demo/reports/agents?${query}`)).json()).toMatchObject({
        success: false,
        errorCode: 'validation_failed',
      });
    const refused = await as('risk', 'POST', '/api/admin/merchants/demo/report-exports', {
      report: 'agents',
      format: 'csv',
      query: { from: today, to: today },
    });
    expect(refused.json().errorCode).toBe('forbidden');
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM reports_exports');
    expect(rows[0].n).toBe(0);
  });

  it('exports every row as CSV through the job, audited', async () => {
    const query = { from: today, to: today, timeZone: 'UTC', groupBy: 'agent' };
    const created = (
      await as('owner', 'POST', '/api/admin/merchants/demo/report-exports', { report: 'agents', format: 'csv', query })
    ).json();
    expect(created).toMatchObject({ success: true, value: { status: 'queued', report: 'agents' } });
    await buildNextExport();
    const table = await report(`from=${today}&to=${today}&timeZone=UTC&pageSize=500`);
    const file = (await as('owner', 'GET', `/api/admin/merchants/demo/report-exports/${created.value.id}/file`)).json()
      .value as { data: string; fileName: string };
    expect(file.fileName).toBe(`demo-agents-${today}-${today}.csv`);
    const lines = Buffer.from(file.data, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(table.columns.map((col) => col.key).join(','));
    expect(lines.slice(1)).toEqual(table.rows.map((row) => row.join(',')));
    const { rows } = await t.database.pool.query(
      "SELECT action FROM audit_log WHERE action LIKE 'report.%' ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual(['report.export', 'report.download']);
  });
  it('by day: the same totals as by agent, and each day a recomputation of the teams (decision 0129)', async () => {
    const range = `from=${today}&to=${today}&timeZone=UTC&pageSize=500`;
    const byAgent = await report(range);
    const byDay = await report(`${range}&groupBy=day`);
    expect(byDay.columns.map((c) => c.key)).toEqual(
      byAgent.columns
        .map((c) => c.key)
        .filter((k) => k !== 'teamMembers')
        .map((k) => (k === 'agent' ? 'day' : k)),
    );
    expect(byDay.rows.map((row) => row[0])).toEqual([today]);
    for (const column of byDay.columns.slice(1))
      expect(total(byDay, column.key), column.key).toBe(total(byAgent, column.key));
    expect(byDay.rows[0]?.slice(1)).toEqual(byDay.totals.slice(1));
    // One agent's team by day: B's.
    const oneDay = await report(`${range}&groupBy=day&agent=agrb`);
    const oneAgent = await report(`${range}&agent=agrb`);
    for (const column of oneDay.columns.slice(1))
      expect(total(oneDay, column.key), column.key).toBe(total(oneAgent, column.key));
  });

  it('by day: days are the operator’s local days, split at its midnight; totals exact; the export honours it', async () => {
    // A new tree: agent D > player pd, rounds on either side of midnight in Shanghai (UTC+8): 15:30 and 16:30 UTC
    // on 2026-01-10 are 23:30 on the 10th and 00:30 on the 11th there, one UTC day.
    const d = await helpers.newMember('agrd', null, 1);
    const pd = await helpers.newMember('agrpd', d.id, 0);
    await helpers.play(pd, 1_000n, 200n, new Date('2026-01-10T15:30:00Z'));
    await helpers.play(pd, 3_000n, 0n, new Date('2026-01-10T16:30:00Z'));
    await helpers.play(d, 500n, 0n, new Date('2026-01-10T16:45:00Z'));
    await t.services.events.drain();
    const utc = await report('from=2026-01-09&to=2026-01-12&timeZone=UTC&groupBy=day&agent=agrd');
    expect(utc.rows.map((row) => [row[0], cell(utc, row, 'validBets'), cell(utc, row, 'activePlayers')])).toEqual([
      ['2026-01-10', '45.00', '2'],
    ]);
    const shanghai = await report('from=2026-01-09&to=2026-01-12&timeZone=Asia/Shanghai&groupBy=day&agent=agrd');
    expect(
      shanghai.rows.map((row) => [
        row[0],
        cell(shanghai, row, 'validBets'),
        cell(shanghai, row, 'ggr'),
        cell(shanghai, row, 'activePlayers'),
      ]),
    ).toEqual([
      ['2026-01-10', '10.00', '8.00', '1'],
      ['2026-01-11', '35.00', '35.00', '2'],
    ]);
    // Totals: sums of the days, active players counted once over the range (pd played on both days).
    expect(total(shanghai, 'validBets')).toBe('45.00');
    expect(total(shanghai, 'ggr')).toBe('43.00');
    expect(total(shanghai, 'activePlayers')).toBe('2');
    // New York (UTC-5): both rounds fall on the 10th; a range ending on the 9th there sees none of them.
    const newYork = await report('from=2026-01-10&to=2026-01-10&timeZone=America/New_York&groupBy=day&agent=agrd');
    expect(newYork.rows.map((row) => row[0])).toEqual(['2026-01-10']);
    expect(total(newYork, 'validBets')).toBe('45.00');
    const before = await report('from=2026-01-08&to=2026-01-09&timeZone=America/New_York&groupBy=day&agent=agrd');
    expect(before.rows).toEqual([]);

    // The export of the day grouping: the same rows as the table, in XLSX too.
    const query = { from: '2026-01-09', to: '2026-01-12', timeZone: 'Asia/Shanghai', groupBy: 'day', agent: 'agrd' };
    const exported: string[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const created = (
        await as('owner', 'POST', '/api/admin/merchants/demo/report-exports', { report: 'agents', format, query })
      ).json();
      expect(created.success).toBe(true);
      exported.push(created.value.id);
      await buildNextExport();
    }
    const fileOf = async (id: string) =>
      Buffer.from(
        (await as('owner', 'GET', `/api/admin/merchants/demo/report-exports/${id}/file`)).json().value.data,
        'base64',
      );
    const csv = (await fileOf(exported[0] as string))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(shanghai.columns.map((c) => c.key).join(','));
    expect(csv.slice(1)).toEqual(shanghai.rows.map((row) => row.join(',')));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fileOf(exported[1] as string)) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).getCell(1).value).toBe('2026-01-10');
    expect(sheet?.getRow(3).getCell(1).value).toBe('2026-01-11');
    expect(sheet?.getRow(3).getCell(shanghai.columns.findIndex((c) => c.key === 'validBets') + 1).value).toBe(35);
    expect(sheet?.rowCount).toBe(3);
  });
});
