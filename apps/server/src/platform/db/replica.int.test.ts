import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { buildNextExport } from '../../../test/report-exports';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * With a read replica (decision 0161), the records and lists that tolerate lag read there, and everything that
 * moves money or answers with its own write reads the primary. The test's replica never catches up (a second
 * clone of the migrated template: no demo merchant, no members), so a read that went to it shows nothing.
 */
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let member: { memberId: string; token: string };
let owner: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({}, { replica: true });
  client = memberClient(t);
  member = await fundedMember(t, client, 'replicaread', 10_000n);
  owner = await t.operatorToken();
  await t.services.bets.recordSettledRound({
    source: 'inhouse',
    provider: 'tessera',
    roundRef: randomUUID(),
    merchantCode: 'demo',
    memberId: member.memberId,
    gameId: 1,
    gameType: 'RNG',
    vendorCode: 'TESSERA',
    currency: 'USD',
    betAmount: 500n,
    payout: 0n,
  });
});
afterAll(async () => {
  await t.close();
});

const asMember = (url: string, moduleId = 'COMM3') =>
  client.send({ method: 'GET', url, moduleId, token: member.token }).then((response) => response.json());
const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: owner }, ...(payload ? { payload } : {}) });

describe('reads with a replica', () => {
  it('serves the member its balance from the primary and its records from the replica', async () => {
    const balance = await asMember('/wps/v2/wallets/balance');
    expect(balance.value.sumBalance).toBe('100.00');
    const transactions = await asMember('/wps/member/transactions?range=today', 'MEMTRANS3');
    expect(transactions.success).toBe(true);
    expect(transactions.value.list).toEqual([]);
    const bets = await asMember(`/wps/bets/history?startDate=${today}&endDate=${today}`);
    expect(bets.success).toBe(true);
    expect(bets.value.list).toEqual([]);
    // The same rows are on the primary.
    const onPrimary = await t.database.pool.query<{ postings: number; rounds: number }>(
      `SELECT (SELECT count(*)::int FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.owner_id = $1::text) AS postings,
              (SELECT count(*)::int FROM bet_rounds WHERE member_id::text = $1) AS rounds`,
      [member.memberId],
    );
    expect(onPrimary.rows[0]).toEqual({ postings: 1, rounds: 1 });
  });

  it("answers an operator's adjustment with its own posting, read on the primary", async () => {
    const response = await asOwner('POST', `/api/admin/merchants/demo/members/${member.memberId}/adjustments`, {
      requestId: randomUUID(),
      direction: 'credit',
      amount: '10',
      reason: 'Goodwill credit',
    });
    expect(response.json().success, response.body).toBe(true);
    expect(response.json().value).toMatchObject({ amount: '10.00' });
    expect((await asMember('/wps/v2/wallets/balance')).value.sumBalance).toBe('110.00');
  });

  it("gives operators' member search and audit list from the replica, a member's page from the primary", async () => {
    const search = await asOwner('GET', '/api/admin/members?q=replicaread');
    expect(search.json().value).toEqual([]);
    const page = await asOwner('GET', `/api/admin/members/${member.memberId}`);
    expect(page.json().value.member).toMatchObject({ id: member.memberId });
    const audit = await asOwner('GET', '/api/admin/audit');
    expect(audit.json().success).toBe(true);
    expect(audit.json().value.list).toEqual([]);
    const onPrimary = await t.database.pool.query("SELECT 1 FROM audit_log WHERE action = 'wallet.adjust'");
    expect(onPrimary.rowCount).toBe(1);
  });

  it("reads the back office's reports, and builds their exports, from the replica", async () => {
    await t.services.events.drain();
    const onPrimary = await t.database.pool.query(
      "SELECT 1 FROM reports_hourly WHERE merchant_code = 'demo' AND stakes > 0",
    );
    expect(onPrimary.rowCount).toBeGreaterThan(0);
    const figure = (body: { value: { figures: { key: string; value: string }[] } }, key: string) =>
      body.value.figures.find((f) => f.key === key)?.value;
    const today$ = (await asOwner('GET', '/api/admin/merchants/demo/dashboard?period=today&timeZone=UTC')).json();
    expect(figure(today$, 'bets')).toBe('0.00');
    const range = `from=${today}&to=${today}&timeZone=UTC`;
    const cash = (await asOwner('GET', `/api/admin/merchants/demo/reports/cash?${range}`)).json();
    expect(cash.value.rows).toEqual([]);

    // A zone's days kept for the first time by this process are read where they were just computed, the primary;
    // after that from the replica (which, here, never gets them).
    const week = () =>
      asOwner('GET', '/api/admin/merchants/demo/dashboard?period=7d&timeZone=Asia/Tokyo').then((r) => r.json());
    expect(Number(figure(await week(), 'activePlayers'))).toBeGreaterThan(0);
    expect(Number(figure(await week(), 'activePlayers'))).toBe(0);

    const asked = await asOwner('POST', '/api/admin/merchants/demo/report-exports', {
      report: 'cash',
      format: 'csv',
      query: { from: today, to: today, timeZone: 'UTC' },
    });
    expect(asked.json().success, asked.body).toBe(true);
    expect(await buildNextExport(t)).toBe(true);
    // Written on the primary (the replica is read-only), with no rows: the cursor read the replica.
    const { rows } = await t.database.pool.query<{ status: string; row_count: number }>(
      'SELECT status, row_count FROM reports_exports WHERE id = $1',
      [asked.json().value.id],
    );
    expect(rows[0]).toEqual({ status: 'ready', row_count: 0 });
  });

  it('refuses any write through the replica pool', async () => {
    await expect(t.database.replica.query('CREATE TABLE replica_write_probe (id int)')).rejects.toThrow(/read-only/);
  });
});
