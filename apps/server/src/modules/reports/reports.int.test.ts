import { randomUUID } from 'node:crypto';
import type { Dashboard, MemberOverview, ReportTable } from '@tessera/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { creditDeposit as creditDepositOf } from '../../../test/credit-deposit';
import { memberClient } from '../../../test/member-client';
import { buildNextExport } from '../../../test/report-exports';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/**
 * The operator's day on a real PostgreSQL: known activity (deposits, bets, a claim-free day) moves the dashboard by
 * exactly what was done by hand; every report's totals equal a recomputation from the raw rows (bets, orders);
 * roles see only their groups and reports; an operator of another merchant gets not_found; exports are built by
 * the job as CSV and XLSX, audited, and downloadable only by their requester.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let tokens: Record<string, string>;
let passwordHash: string;
const today = new Date().toISOString().slice(0, 10);

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: tokens[who] ?? '' }, ...(payload ? { payload } : {}) });
const value = async <T>(who: string, url: string): Promise<T> => {
  const body = (await as(who, 'GET', url)).json();
  if (!body.success) throw new Error(`${url}: ${body.errorCode}`);
  return body.value as T;
};
const dashboard = (who = 'owner', period = 'today') =>
  value<Dashboard>(who, `/api/admin/merchants/demo/dashboard?period=${period}&timeZone=UTC`);
const figure = (d: Dashboard, key: string) => d.figures.find((f) => f.key === key)?.value;
const cents = (text: string | undefined) => Math.round(Number(text ?? 'NaN') * 100);

const newMember = async (username: string) => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  return { id: created.row.id, token: await client.login(username, 'Secret123') };
};

const creditDeposit = (memberId: string, amount: string) => creditDepositOf(t, memberId, amount);

const dice = async (token: string, stake: string) => {
  const response = await client.send({
    method: 'POST',
    url: '/wps/inhouse/bets',
    moduleId: 'COMM3',
    token,
    payload: { game: 'dice', stake, idempotencyKey: randomUUID(), params: { target: 5000, direction: 'under' } },
  });
  if (!response.json().success) throw new Error(`bet failed: ${response.body}`);
};

/** The raw rows of the demo merchant today (UTC): the recomputation every report is held to. */
const raw = async () => {
  const q = async (sql: string) => (await t.database.pool.query(sql)).rows[0] as Record<string, string>;
  const bets = await q(`SELECT count(*)::text AS rounds, COALESCE(sum(bet_amount), 0)::text AS stakes,
      COALESCE(sum(valid_bet), 0)::text AS valid, COALESCE(sum(payout), 0)::text AS payouts,
      count(DISTINCT member_id)::text AS players
      FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled' AND settled_at >= current_date::timestamptz`);
  const deposits = await q(`SELECT count(*)::text AS n, COALESCE(sum(amount), 0)::text AS amount FROM deposit_orders
      WHERE merchant_code = 'demo' AND status = 'succeeded' AND updated_at >= current_date::timestamptz`);
  return { bets, deposits };
};
const major = (minor: string) => (Number(minor) / 100).toFixed(2);

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  passwordHash = await hashPassword('Secret123');
  await merchantLikeDemo(t, 'other');
  tokens = await signInOperators(t, [{ name: 'otherowner', role: 'owner', merchantCode: 'other' }]);
  await t.services.events.drain();
  // A fresh database's migrations and the demo seed: a bound against a hang on a loaded machine, not a speed.
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('reports', () => {
  it('moves the dashboard by exactly the activity done by hand, and equals the raw rows', async () => {
    const before = await dashboard();
    const alice = await newMember('repalice');
    const bob = await newMember('repbob');
    await creditDeposit(alice.id, '100.00');
    await creditDeposit(bob.id, '50.00');
    for (let i = 0; i < 3; i++) await dice(alice.token, '1.00');
    for (let i = 0; i < 2; i++) await dice(bob.token, '2.00');
    await t.services.events.drain();
    const after = await dashboard();
    const delta = (key: string) => cents(figure(after, key)) - cents(figure(before, key));
    expect(delta('deposits')).toBe(15_000);
    expect(delta('bets')).toBe(700);
    expect(delta('validBets')).toBe(700);
    expect(delta('netCash')).toBe(15_000);
    expect(Number(figure(after, 'registrations')) - Number(figure(before, 'registrations'))).toBe(2);
    expect(Number(figure(after, 'firstDepositors')) - Number(figure(before, 'firstDepositors'))).toBe(2);
    expect(Number(figure(after, 'activePlayers')) - Number(figure(before, 'activePlayers'))).toBe(2);

    const { bets, deposits } = await raw();
    expect(figure(after, 'bets')).toBe(major(bets.stakes as string));
    expect(figure(after, 'ggr')).toBe(major(String(BigInt(bets.stakes as string) - BigInt(bets.payouts as string))));
    expect(figure(after, 'deposits')).toBe(major(deposits.amount as string));
    expect(figure(after, 'activePlayers')).toBe(bets.players);
    // The hourly series adds up to the figure.
    const series = after.figures.find((f) => f.key === 'bets')?.series ?? [];
    expect(series).toHaveLength(24);
    expect(series.reduce((s, p) => s + cents(p.value), 0)).toBe(cents(figure(after, 'bets')));
    expect(after.previousFrom).toBe(after.previousTo);
    expect(after.hidden).toEqual([]);
  });

  it('every report’s totals equal a recomputation from the raw rows', async () => {
    const { bets, deposits } = await raw();
    const range = `from=${today}&to=${today}&timeZone=UTC`;
    for (const groupBy of ['day', 'category', 'provider', 'game']) {
      const games = await value<ReportTable>(
        'owner',
        `/api/admin/merchants/demo/reports/games?${range}&groupBy=${groupBy}`,
      );
      const at = (key: string) => games.totals[games.columns.findIndex((c) => c.key === key)];
      expect(at('rounds')).toBe(bets.rounds);
      expect(at('players')).toBe(bets.players);
      expect(at('stakes')).toBe(major(bets.stakes as string));
      expect(at('payouts')).toBe(major(bets.payouts as string));
      expect(at('ggr')).toBe(major(String(BigInt(bets.stakes as string) - BigInt(bets.payouts as string))));
      const rows = games.rows.map((row) => cents(row[games.columns.findIndex((c) => c.key === 'stakes')]));
      expect(rows.reduce((s, v) => s + v, 0)).toBe(cents(at('stakes')));
    }
    const cash = await value<ReportTable>('owner', `/api/admin/merchants/demo/reports/cash?${range}`);
    expect(cash.totals[1]).toBe(deposits.n);
    expect(cash.totals[2]).toBe(major(deposits.amount as string));
    const top = await value<ReportTable>('owner', `/api/admin/merchants/demo/reports/players?${range}&view=topStake`);
    expect(top.rows.map((row) => row[0])).toEqual(expect.arrayContaining(['repalice', 'repbob']));
    expect(top.totals[2]).toBe(major(bets.stakes as string));
    const regs = await value<ReportTable>('owner', `/api/admin/merchants/demo/reports/players?${range}`);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::text AS n FROM members WHERE merchant_code = 'demo' AND type <> 4 AND created_at >= current_date::timestamptz",
    );
    expect(regs.totals[4]).toBe(rows[0].n);
    const cohorts = await value<ReportTable>(
      'owner',
      `/api/admin/merchants/demo/reports/players?${range}&view=cohorts`,
    );
    expect(cohorts.columns.map((c) => c.key)).toContain('week0');
    const paged = await value<ReportTable>(
      'owner',
      `/api/admin/merchants/demo/reports/players?${range}&view=topStake&pageSize=1&pageNo=2`,
    );
    expect(paged.rows).toHaveLength(1);
    expect(paged.totalPages).toBe(top.total);
  });

  it("a member's 360 view: owner sees cash and play equal to the raw rows, support no cash totals, content nothing", async () => {
    const carol = await newMember('repcarol');
    await creditDeposit(carol.id, '80.00');
    await creditDeposit(carol.id, '20.00');
    for (let i = 0; i < 4; i++) await dice(carol.token, '1.50');
    await t.services.events.drain();
    const url = `/api/admin/members/${carol.id}/overview`;
    const owner = await value<MemberOverview>('owner', url);
    expect(owner.hidden).toEqual([]);
    const q = async (sql: string) => (await t.database.pool.query(sql, [carol.id])).rows[0] as Record<string, string>;
    const deposits = await q(`SELECT count(*)::int AS n, sum(amount)::text AS amount FROM deposit_orders
      WHERE member_id = $1 AND status = 'succeeded'`);
    const bets = await q(`SELECT count(*)::int AS n, sum(bet_amount)::text AS stakes, sum(payout)::text AS payouts
      FROM bet_rounds WHERE member_id = $1 AND status = 'settled'`);
    expect(owner.cash).toMatchObject({
      deposits: major(deposits.amount as string),
      depositCount: deposits.n,
      withdrawals: '0.00',
      firstDeposit: '80.00',
    });
    expect(owner.play?.rounds).toBe(bets.n);
    expect(owner.play?.stakes).toBe(major(bets.stakes as string));
    expect(owner.play?.ggr).toBe(major(String(BigInt(bets.stakes as string) - BigInt(bets.payouts as string))));
    expect(owner.play?.byGame.reduce((sum, game) => sum + cents(game.stakes), 0)).toBe(Number(bets.stakes));
    expect(owner.deposits.map((order) => order.amount)).toEqual(['20.00', '80.00']);
    expect(owner.balances.find((wallet) => wallet.wallet === 'main')?.balance).toBe(
      major(String(10_000n - BigInt(bets.stakes as string) + BigInt(bets.payouts as string))),
    );
    expect(owner.logins.length).toBeGreaterThan(0);
    expect(owner.devices.length).toBeGreaterThan(0);
    expect(owner.member).toMatchObject({ account: 'repcarol', source: 'direct' });

    const support = await value<MemberOverview>('support', url);
    expect(support.hidden).toEqual(['cash', 'play']);
    expect(support.cash).toBeNull();
    expect(support.play).toBeNull();
    expect(support.deposits.map((order) => order.amount)).toEqual([null, null]);
    expect(support.deposits.map((order) => order.status)).toEqual(['succeeded', 'succeeded']);
    expect(JSON.stringify(support)).not.toContain('"100.00"');
    const risk = await value<MemberOverview>('risk', url);
    expect(risk.hidden).toEqual(['cash']);
    expect(risk.play?.rounds).toBe(bets.n);
    expect((await value<MemberOverview>('finance', url)).hidden).toEqual([]);
    expect((await as('content', 'GET', url)).json().errorCode).toBe('forbidden');
    expect((await as('otherowner', 'GET', url)).json().errorCode).toBe('not_found');
    expect((await as('owner', 'GET', `/api/admin/members/${randomUUID()}/overview`)).json().errorCode).toBe(
      'not_found',
    );

    // Notes (every reader) and flags (owner, risk), audited; bad input changes nothing.
    const note = await as('support', 'POST', `/api/admin/members/${carol.id}/notes`, { body: 'Asked about a bonus.' });
    expect(note.json()).toMatchObject({ success: true, value: { body: 'Asked about a bonus.', author: 'supportop' } });
    expect((await as('support', 'POST', `/api/admin/members/${carol.id}/notes`, { body: '  ' })).json()).toMatchObject({
      errorCode: 'validation_failed',
    });
    expect(
      (
        await as('support', 'POST', `/api/admin/members/${carol.id}/flags`, { flag: 'watch', on: true, reason: 'x' })
      ).json().errorCode,
    ).toBe('forbidden');
    const flagged = await as('risk', 'POST', `/api/admin/members/${carol.id}/flags`, {
      flag: 'bonusAbuse',
      on: true,
      reason: 'Two accounts, one device',
    });
    expect(flagged.json().value.flags).toMatchObject([{ flag: 'bonusAbuse', setBy: 'riskop' }]);
    expect(
      (
        await as('risk', 'POST', `/api/admin/members/${carol.id}/flags`, { flag: 'planet', on: true, reason: 'x' })
      ).json().errorCode,
    ).toBe('validation_failed');
    expect(
      (await as('otherowner', 'POST', `/api/admin/members/${carol.id}/notes`, { body: 'not mine' })).json().errorCode,
    ).toBe('not_found');
    const after = await value<MemberOverview>('support', url);
    expect(after.notes.map((n) => n.body)).toEqual(['Asked about a bonus.']);
    expect(after.flags.map((f) => f.flag)).toEqual(['bonusAbuse']);
    const cleared = await as('owner', 'POST', `/api/admin/members/${carol.id}/flags`, {
      flag: 'bonusAbuse',
      on: false,
      reason: 'Checked: siblings',
    });
    expect(cleared.json().value.flags).toEqual([]);
    const { rows } = await t.database.pool.query(
      "SELECT action FROM audit_log WHERE action LIKE 'member.%' AND details->>'memberId' = $1 ORDER BY id",
      [carol.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['member.note', 'member.flag_set', 'member.flag_clear']);
  });

  it('roles see only their groups and reports; another merchant’s operator gets not_found', async () => {
    const support = await dashboard('support');
    expect(support.hidden).toEqual(['cash', 'play']);
    expect(support.figures.map((f) => f.key)).toEqual(['registrations', 'firstDepositors', 'activePlayers']);
    const risk = await dashboard('risk');
    expect(risk.hidden).toEqual(['cash']);
    const range = `from=${today}&to=${today}`;
    expect((await as('support', 'GET', `/api/admin/merchants/demo/reports/games?${range}`)).json().errorCode).toBe(
      'forbidden',
    );
    expect((await as('risk', 'GET', `/api/admin/merchants/demo/reports/cash?${range}`)).json().errorCode).toBe(
      'forbidden',
    );
    expect((await as('content', 'GET', '/api/admin/merchants/demo/dashboard')).json().errorCode).toBe('forbidden');
    for (const url of [
      '/api/admin/merchants/demo/dashboard',
      '/api/admin/merchants/demo/pending-queues',
      `/api/admin/merchants/demo/reports/games?${range}`,
      '/api/admin/merchants/demo/report-exports',
    ]) {
      expect((await as('otherowner', 'GET', url)).json().errorCode).toBe('not_found');
    }
    const other = await value<Dashboard>('otherowner', '/api/admin/merchants/other/dashboard?period=30d');
    expect(other.figures.every((f) => Number(f.value) === 0)).toBe(true);
    expect(other.figures[0]?.series).toHaveLength(30);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    for (const url of [
      '/api/admin/merchants/demo/dashboard?timeZone=Mars/Olympus',
      `/api/admin/merchants/demo/reports/games?from=${today}&to=2000-01-01`,
      '/api/admin/merchants/demo/reports/games?from=2020-01-01&to=2024-01-01',
      `/api/admin/merchants/demo/reports/games?from=${today}&to=${today}&groupBy=planet`,
    ]) {
      expect((await as('owner', 'GET', url)).json()).toMatchObject({ success: false, errorCode: 'validation_failed' });
    }
    const bad = await as('owner', 'POST', '/api/admin/merchants/demo/report-exports', {
      report: 'games',
      format: 'csv',
      query: { from: 'yesterday', to: today },
    });
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'validation_failed' });
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM reports_exports');
    expect(rows[0].n).toBe(0);
  });

  it('builds exports as a job (CSV and XLSX), audited, downloadable only by their requester', async () => {
    const ask = async (who: string, report: string, format: string) =>
      (
        await as(who, 'POST', '/api/admin/merchants/demo/report-exports', {
          report,
          format,
          query: { from: today, to: today, groupBy: 'game', timeZone: 'UTC' },
        })
      ).json();
    expect((await ask('support', 'cash', 'csv')).errorCode).toBe('forbidden');
    const csv = await ask('owner', 'games', 'csv');
    const xlsx = await ask('owner', 'games', 'xlsx');
    expect(csv).toMatchObject({ success: true, value: { status: 'queued', report: 'games', format: 'csv' } });
    const notReady = await as('owner', 'GET', `/api/admin/merchants/demo/report-exports/${csv.value.id}/file`);
    expect(notReady.json().errorCode).toBe('report_export_not_ready');

    while (await buildNextExport(t)) {}
    const list = await value<{ list: { id: string; status: string; rowCount: number }[] }>(
      'owner',
      '/api/admin/merchants/demo/report-exports',
    );
    expect(list.list.map((e) => e.status)).toEqual(['ready', 'ready']);

    const table = await value<ReportTable>(
      'owner',
      `/api/admin/merchants/demo/reports/games?from=${today}&to=${today}&groupBy=game&timeZone=UTC`,
    );
    const file = (await value<{ data: string; fileName: string }>(
      'owner',
      `/api/admin/merchants/demo/report-exports/${csv.value.id}/file`,
    )) as { data: string; fileName: string };
    expect(file.fileName).toBe(`demo-games-${today}-${today}.csv`);
    const lines = Buffer.from(file.data, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(table.columns.map((c) => c.key).join(','));
    expect(lines.slice(1)).toEqual(table.rows.map((row) => row.join(',')));

    const book = await value<{ data: string }>(
      'owner',
      `/api/admin/merchants/demo/report-exports/${xlsx.value.id}/file`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(book.data, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(table.rows.length + 1);
    expect(String(sheet?.getRow(1).getCell(1).value)).toBe(table.columns[0]?.key);

    // Another operator (even an owner of the same merchant's scope) does not see someone else's export.
    expect(
      (await as('finance', 'GET', `/api/admin/merchants/demo/report-exports/${csv.value.id}/file`)).json().errorCode,
    ).toBe('not_found');
    const { rows } = await t.database.pool.query(
      "SELECT action FROM audit_log WHERE action LIKE 'report.%' ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual(['report.export', 'report.export', 'report.download', 'report.download']);
  });
});
