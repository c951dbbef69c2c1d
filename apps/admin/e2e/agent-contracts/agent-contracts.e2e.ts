import { randomUUID } from 'node:crypto';
import {
  DEMO_OPERATOR,
  launchBrowser,
  newPage,
  settleAgentContracts,
  startTestServer,
  type TestServer,
  waitUntil,
} from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { memberSite } from '../support/member-site';
import { signIn, signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
const SHOTS = '/tmp/tessera-screenshots/admin-agent-contracts';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
}

/** A member-site call with the member's token (these endpoints are not sealed). */
const site = async <T>(token: string, route: string, moduleId: string, body?: unknown): Promise<Envelope<T>> => {
  const response = await fetch(`${server.url}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: token, ModuleId: moduleId, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

/** A back-office call on the demo merchant as the demo owner. */
const operator = async <T>(method: string, route: string, body?: unknown): Promise<Envelope<T>> => {
  const login = await fetch(`${server.url}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).value.token;
  const response = await fetch(`${server.url}/api/admin/merchants/demo${route}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A member registered on the demo site (under `affiliateCode` when given), signed in. */
const registered = async (username: string, mobile: string, affiliateCode?: string) => {
  const members = memberSite(server);
  await members.register({
    username,
    password: 'Secret123',
    email: `${username.toLowerCase()}@example.com`,
    mobileNum: mobile,
    countryDialingCode: '65',
    ...(affiliateCode ? { affiliateCode } : {}),
  });
  const login = await members.login(username, 'Secret123');
  const token = (login.value as { token: string }).token;
  const id = (await server.query<{ id: string }>('SELECT id FROM members WHERE account = $1', [username]))[0]?.id;
  return { token, id: id ?? '' };
};

/** A registered member made an agent by the operator; with its affiliate code. */
const agent = async (username: string, mobile: string, affiliateCode?: string) => {
  const member = await registered(username, mobile, affiliateCode);
  const application = await site<{ id: string }>(member.token, '/wps/agent/application', 'AFFMAN3', {
    contactName: username,
    contactMobile: `+65 ${mobile}`,
    message: '',
  });
  expect(application.success).toBe(true);
  const decided = await operator('POST', `/agent-applications/${application.value.id}/decision`, {
    approve: true,
    agentType: 1,
  });
  expect(decided.success).toBe(true);
  const code = (await site<{ affiliateCode: string }>(member.token, '/wps/agent/link', 'REGCEN')).value.affiliateCode;
  return { ...member, code };
};

/**
 * The operator's journey through agent contracts: an upline-paid real-time salary contract made on the member site
 * settles while the upline has no balance (its statement insufficient); the operator finds the contract in the list,
 * opens it, reads its transitions and its statement with the chain intact, and once the upline is credited re-runs
 * the run after a confirmation: the downline is paid once. The settings form refuses a rate above 100 % under its
 * field, saving nothing, then saves a good one. An operator whose role may not read contracts has no entry for them.
 */
describe('agent contracts in the back office', () => {
  it('lists, opens, re-runs an insufficient run once, and refuses a bad setting under its field', async () => {
    expect(
      (
        await operator('PUT', '/agent-contract-settings', {
          payer: 'upline',
          allowedKinds: ['dividend', 'daily', 'hourly', 'realtime'],
          maxRates: { dividend: '50', daily: '3', hourly: '2', realtime: '2' },
          noticeDays: 0,
        })
      ).success,
    ).toBe(true);
    const upline = await agent('CaUpline1', '81450001');
    const downline = await agent('CaDownline1', '81450002', upline.code);
    const player = await registered('CaPlayer1', '81450003', downline.code);

    const offered = await site<{ contract: { id: string } }>(
      upline.token,
      '/wps/relay/MCSFE_processRealTimeSalaryContract',
      'RTSALARY3',
      {
        action: 'offer',
        downlineId: downline.id,
        terms: { kind: 'realtime', winRate: '1', lossRate: '2', minBet: '1' },
      },
    );
    expect(offered.success).toBe(true);
    const contractId = offered.value.contract.id;
    const accepted = await site(downline.token, '/wps/relay/MCSFE_processRealTimeSalaryContract', 'RTSALARY3', {
      action: 'accept',
      contractId,
    });
    expect(accepted.success).toBe(true);

    // The player bets 5.00 on dice; its round accrues to the contract.
    const adminApi = await signInAdminApi(server.url);
    await adminApi.credit(player.id, '20');
    const bet = await site(player.token, '/wps/inhouse/bets', 'COMM3', {
      game: 'dice',
      stake: '5.00',
      idempotencyKey: randomUUID(),
      params: { target: 5000, direction: 'under' },
    });
    expect(bet.success).toBe(true);
    await waitUntil(
      async () =>
        (await server.query('SELECT 1 FROM agent_contract_accruals WHERE contract_id = $1', [contractId])).length > 0,
      30_000,
    );

    // The settlement service settles the window in its own process; the upline has nothing to pay with.
    await settleAgentContracts(
      server,
      new Date(Date.now() + 6 * 60_000),
      async () =>
        (
          await server.query(
            "SELECT 1 FROM agent_contract_statements WHERE contract_id = $1 AND status = 'insufficient'",
            [contractId],
          )
        ).length > 0,
    );
    const owed = (
      await server.query<{ amount: string }>(
        'SELECT amount::text FROM agent_contract_statements WHERE contract_id = $1',
        [contractId],
      )
    )[0]?.amount;
    const owedCents = Number(owed);
    expect(owedCents).toBeGreaterThan(0);
    const balanceOf = async (memberId: string) =>
      Number(
        (
          await server.query<{ balance: string }>(
            `SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
              WHERE owner_type = 'member' AND owner_id = $1 AND kind = 'main'`,
            [memberId],
          )
        )[0]?.balance,
      );
    const downlineBefore = await balanceOf(downline.id);

    // The operator finds the contract (phone first).
    const phone = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(phone.page, server.url);
    await phone.page.goto(`${server.url}/admin/merchants/demo/agent-contracts`);
    const phoneRow = phone.page.locator('[data-testid="agent-contracts"] tr[data-contract="CaDownline1"]');
    await expect.poll(() => phoneRow.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await fits(phone.page)).toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}-list-390.png`, fullPage: true });

    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signInAsOwner(page, server.url);
    await page.getByRole('link', { name: 'Agent contracts' }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    const row = page.locator('[data-testid="agent-contracts"] tr[data-contract="CaDownline1"]');
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.textContent()).toContain('Real-time salary');
    expect(await row.textContent()).toContain('CaUpline1');
    await page.getByLabel('Kind').selectOption('daily');
    await expect.poll(() => page.getByText('No contracts match.').isVisible()).toBe(true);
    await page.getByLabel('Kind').selectOption('realtime');
    await page.getByLabel('Agent account').fill('CaUpline');
    await expect.poll(() => row.isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-list-1440.png`, fullPage: true });

    // Its detail: terms, transitions, the insufficient run and its statement, the chain intact.
    await row.getByRole('link', { name: 'Open' }).click();
    await page.locator(`[data-contract-detail="${contractId}"]`).waitFor();
    const history = page.getByTestId('agent-contract-history');
    expect(
      await history.locator('tr[data-transition]').evaluateAll((rows) => rows.map((r) => r.dataset.transition)),
    ).toEqual(['offered', 'accepted']);
    expect(await history.textContent()).toContain('Member CaDownline1');
    const statement = page.locator('[data-testid="agent-contract-statements"] tr[data-statement="1"]');
    await statement.waitFor();
    expect(await statement.getAttribute('data-statement-status')).toBe('insufficient');
    expect(await statement.textContent()).toContain((owedCents / 100).toFixed(2));
    // The figures read in reading order, not jsonb's (shortest key first: rounds, validBet, wonRounds).
    expect(
      await statement
        .locator('[data-input]')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.input)),
    ).toEqual(['validBet', 'rounds', 'wonRounds']);
    expect(await page.locator('[data-chain="intact"]').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-detail-insufficient-1440.png`, fullPage: true });

    // The upline is credited; the operator re-runs the run after confirming; it is paid once.
    await adminApi.credit(upline.id, '1');
    const run = page.locator('[data-testid="agent-contract-runs"] tr[data-statement-status="insufficient"]');
    await run.getByRole('button', { name: 'Re-run' }).click();
    const confirm = page.locator('dialog[open]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('never more than owed');
    await page.screenshot({ path: `${SHOTS}-rerun-confirm-1440.png` });
    await confirm.getByRole('button', { name: 'Re-run' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.locator('[data-rerun-outcome="success"]').waitFor();
    await expect.poll(() => statement.getAttribute('data-statement-status'), { timeout: 10_000 }).toBe('paid');
    await expect.poll(() => page.locator('[data-testid="agent-contract-runs"] [data-rerun]').count()).toBe(0);
    expect(await balanceOf(downline.id)).toBe(downlineBefore + owedCents);
    expect(await balanceOf(upline.id)).toBe(100 - owedCents);
    expect(
      await server.query(
        'SELECT p.amount::text FROM agent_contract_payments p JOIN agent_contract_statements s ON s.id = p.statement_id WHERE s.contract_id = $1',
        [contractId],
      ),
    ).toEqual([{ amount: owed }]);
    expect(
      (
        await server.query("SELECT 1 FROM audit_log WHERE action = 'agent_contract.rerun' AND target = $1", [
          contractId,
        ])
      ).length,
    ).toBe(1);
    await page.screenshot({ path: `${SHOTS}-detail-paid-1440.png`, fullPage: true });

    // The same contract on a phone.
    await phone.page.goto(`${server.url}/admin/merchants/demo/agent-contracts/${contractId}`);
    const phoneStatement = phone.page.locator('[data-testid="agent-contract-statements"] tr[data-statement="1"]');
    await expect.poll(() => phoneStatement.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phoneStatement.getAttribute('data-statement-status')).toBe('paid');
    expect(await fits(phone.page)).toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}-detail-390.png`, fullPage: true });

    // Settings: a maximum above 100 % is refused under its field, and nothing is saved.
    await page.goto(`${server.url}/admin/merchants/demo/agent-contracts?tab=settings`);
    const form = page.getByTestId('contract-settings');
    await form.waitFor();
    const settingsBefore = await server.query('SELECT * FROM agent_contract_settings');
    await form.getByLabel('Paid by').selectOption('platform');
    await form.getByLabel('Hourly salary', { exact: true }).uncheck();
    await form.getByLabel('Maximum rate: Daily salary (%)').fill('150');
    await form.getByRole('button', { name: 'Save' }).click();
    const fieldError = page.locator('#contract-max-rate-daily-error');
    await expect.poll(() => fieldError.isVisible()).toBe(true);
    expect(await fieldError.textContent()).toBe('Enter a rate from 0 to 100 with at most two decimals.');
    expect(await form.locator('#contract-max-rate-daily').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contract-max-rate-dividend-error').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}-settings-error-1440.png`, fullPage: true });
    expect(await server.query('SELECT * FROM agent_contract_settings')).toEqual(settingsBefore);

    await form.getByLabel('Maximum rate: Daily salary (%)').fill('2.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Contract settings saved.').isVisible()).toBe(true);
    const saved = await operator<{ payer: string; allowedKinds: string[]; maxRates: Record<string, string> }>(
      'GET',
      '/agent-contract-settings',
    );
    expect(saved.value).toMatchObject({
      payer: 'platform',
      allowedKinds: ['dividend', 'daily', 'realtime'],
      maxRates: { daily: '2.50', realtime: '2.00' },
    });
    expect((await server.query("SELECT 1 FROM audit_log WHERE action = 'agent_contract.settings'")).length).toBe(2);

    // The settings form on a phone, a refused field under its input.
    await phone.page.goto(`${server.url}/admin/merchants/demo/agent-contracts?tab=settings`);
    const phoneForm = phone.page.getByTestId('contract-settings');
    await phoneForm.waitFor();
    await phoneForm.getByLabel('Termination notice (days)').fill('91');
    await phoneForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => phone.page.locator('#contract-notice-days-error').isVisible()).toBe(true);
    expect(await fits(phone.page)).toBe(true);
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await phone.page.screenshot({ path: `${SHOTS}-settings-error-390.png`, fullPage: true });

    // A role that may not read contracts has no entry for them.
    await adminApi.createOperator({
      username: 'cacontent',
      password: 'Operator-Pass-1',
      role: 'content',
      displayName: 'Content editor',
    });
    const content = await newPage(browser, { viewport: 'desktop' });
    await signIn(content.page, server.url, { username: 'cacontent', password: 'Operator-Pass-1' });
    const navEntry = (of: Page) => of.getByRole('navigation').getByRole('link', { name: 'Agent contracts' });
    expect(await navEntry(content.page).count()).toBe(0);
    expect(await navEntry(page).count()).toBe(1);
  });
});
