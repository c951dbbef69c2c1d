import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
const SHOTS = '/tmp/tessera-screenshots/admin-agent-money';

const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('agent settings and freezing in the back office', () => {
  it('the owner freezes an agent with a reason and sets the agent settings, field by field', async () => {
    const rows = await server.query<{ id: string }>(
      `INSERT INTO members (merchant_code, username, account, password_hash, nickname, referral_code)
       VALUES ('demo', 'frozenann', 'FrozenAnn', 'x', 'FrozenAnn', 'FRZANN01') RETURNING id`,
    );
    const ann = rows[0]?.id ?? '';
    ({ page } = await newPage(browser, { viewport: 'desktop' }));
    await signInAsOwner(page, server.url);
    // Making her an agent from the tree needs a node: an approved application places her.
    await server.query(
      `INSERT INTO agent_applications (merchant_code, member_id, account, contact_name, contact_mobile, message)
       VALUES ('demo', $1, 'FrozenAnn', 'Ann', '+65 8000 0000', '')`,
      [ann],
    );
    await page.goto(`${server.url}/admin/merchants/demo/agents`);
    const queue = page.getByTestId('agent-applications');
    await queue.locator('tr[data-application="FrozenAnn"]').getByRole('button', { name: 'Decide' }).click();
    const decide = page.locator('dialog[open]');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await decide.waitFor({ state: 'detached' });

    // Freeze: the reason is required, then the tree shows her frozen and the audit log has the reason.
    await page.getByRole('tab', { name: 'Agent tree' }).click();
    const row = page.getByTestId('agent-tree').locator('tr[data-node="FrozenAnn"]');
    await row.getByRole('button', { name: 'Freeze' }).click();
    const freeze = page.locator('dialog[open]');
    await freeze.getByTestId('freeze-submit').click();
    await freeze.getByText('Required.').waitFor();
    await freeze.getByLabel('Reason (kept in the audit log)').fill('Chargeback review');
    await page.screenshot({ path: `${SHOTS}-freeze-1440.png` });
    await freeze.getByTestId('freeze-submit').click();
    await freeze.waitFor({ state: 'detached' });
    await row.getByText('Frozen', { exact: true }).waitFor();
    expect(await server.query('SELECT frozen FROM agent_profiles WHERE member_id = $1', [ann])).toEqual([
      { frozen: true },
    ]);
    expect(
      await server.query("SELECT details->>'reason' AS reason FROM audit_log WHERE action = 'agent.freeze'"),
    ).toEqual([{ reason: 'Chargeback review' }]);
    await page.screenshot({ path: `${SHOTS}-tree-1440.png`, fullPage: true });

    // Settings: bad values get their own messages under their fields and nothing is saved.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByTestId('agent-settings');
    await form.getByLabel('Maximum tree depth').fill('0');
    await form.getByLabel('Live casino').fill('50');
    await form.getByLabel('Slots').fill('0.12345');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Too small: at least 1.').waitFor();
    await form.getByText('Too large: at most 10.00.').waitFor();
    await form.getByText('At most four decimals (0.0001 %).').waitFor();
    await page.screenshot({ path: `${SHOTS}-settings-errors-1440.png`, fullPage: true });
    expect(await server.query('SELECT 1 FROM agent_settings')).toEqual([]);

    await form.getByLabel('Maximum tree depth').fill('8');
    await form.getByLabel('Live casino').fill('0.8');
    await form.getByLabel('Slots').fill('');
    await form.getByLabel('Transfers to downline').selectOption('direct');
    await form.getByRole('switch', { name: 'Transfers to upline' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Agent settings saved.').waitFor();
    expect(
      await server.query(
        'SELECT max_depth, transfer_down, transfer_up, default_rates FROM agent_settings WHERE merchant_code = $1',
        ['demo'],
      ),
    ).toEqual([{ max_depth: 8, transfer_down: 'direct', transfer_up: true, default_rates: { LIVE: 8000 } }]);

    // A phone: the settings fit the screen.
    ({ page } = await newPage(browser, { viewport: 'phone' }));
    await signInAsOwner(page, server.url);
    await page.goto(`${server.url}/admin/merchants/demo/agents?tab=settings`);
    await page.getByTestId('agent-settings').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-settings-390.png`, fullPage: true });
  });
});
