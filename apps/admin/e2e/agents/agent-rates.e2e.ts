import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
const SHOTS = '/tmp/tessera-screenshots/admin-agent-rates';

const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A demo member straight into the members table, with its affiliate application (approved below). */
const member = async (username: string, uplineId: string | null = null): Promise<string> => {
  const rows = await server.query<{ id: string }>(
    `INSERT INTO members (merchant_code, username, account, password_hash, nickname, referral_code, upline_id)
     VALUES ('demo', lower($1), $1, 'x', $1, upper(substr(md5($1), 1, 8)), $2) RETURNING id`,
    [username, uplineId],
  );
  const id = rows[0]?.id ?? '';
  await server.query(
    `INSERT INTO agent_applications (merchant_code, member_id, account, contact_name, contact_mobile, message)
     VALUES ('demo', $1, $2, $2, '+65 8000 0000', '')`,
    [id, username],
  );
  return id;
};

const operator = async (method: string, path: string, body?: unknown) => {
  const login = await fetch(`${server.url}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const token = ((await login.json()) as { value: { token: string } }).value.token;
  const response = await fetch(`${server.url}/api/admin/merchants/demo${path}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as { success: boolean; value: unknown };
};

const approve = async (memberId: string) => {
  const [application] = await server.query<{ id: string }>('SELECT id FROM agent_applications WHERE member_id = $1', [
    memberId,
  ]);
  const answer = await operator('POST', `/agent-applications/${application?.id}/decision`, {
    approve: true,
    agentType: 1,
  });
  expect(answer.success, JSON.stringify(answer)).toBe(true);
};

const ratesOf = async (memberId: string) =>
  (await server.query<{ rates: object }>('SELECT rates FROM agent_profiles WHERE member_id = $1', [memberId]))[0]
    ?.rates;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * An operator sets an agent's rates from the agent tree (decision 0099): a rate above the upline agent's is refused
 * under its field and saves nothing; rates within it are saved and audited.
 */
describe("an agent's rates in the back office", () => {
  it('the owner sets a downline agent rates within its upline agent, a rate above it refused on the field', async () => {
    const settings = await operator('PUT', '/agent-settings', {
      maxDepth: 20,
      agentsCreateAgents: true,
      transferDown: 'any',
      transferUp: false,
      defaultRates: { LIVE: '0.8', SPORTS: '1.25' },
    });
    expect(settings.success).toBe(true);
    const top = await member('RateTop');
    await approve(top);
    const sub = await member('RateSub', top);
    await approve(sub);
    expect(await ratesOf(sub)).toEqual({ LIVE: 8000, SPORTS: 12500 });

    ({ page } = await newPage(browser, { viewport: 'desktop' }));
    await signInAsOwner(page, server.url);
    await page.goto(`${server.url}/admin/merchants/demo/agents`);
    await page.getByRole('tab', { name: 'Agent tree' }).click();
    const tree = page.getByTestId('agent-tree');
    await tree.locator('tr[data-node="RateTop"]').getByRole('button', { name: 'RateTop' }).click();
    await tree.locator('tr[data-node="RateSub"]').waitFor();
    await page.locator('[data-rates="RateSub"]').click();
    const dialog = page.locator('dialog[open]');
    const form = dialog.getByTestId('agent-rates');
    await form.waitFor();
    expect(await form.getByLabel('Live casino', { exact: true }).inputValue()).toBe('0.80');
    await form.getByText('Each at most the rate of the upline agent RateTop.', { exact: false }).waitFor();

    await form.getByLabel('Live casino', { exact: true }).fill('0.9');
    await form.getByLabel('Slots', { exact: true }).fill('0.1');
    await dialog.getByTestId('agent-rates-submit').click();
    await form.getByText("At most the upline agent's rate, 0.80 %.").waitFor();
    await form.getByText("At most the upline agent's rate, 0.00 %.").waitFor();
    expect(await ratesOf(sub)).toEqual({ LIVE: 8000, SPORTS: 12500 });
    await page.screenshot({ path: `${SHOTS}-refused-1440.png` });

    await form.getByLabel('Live casino', { exact: true }).fill('0.5');
    await form.getByLabel('Slots', { exact: true }).fill('');
    await form.getByLabel('Sports', { exact: true }).fill('');
    await dialog.getByTestId('agent-rates-submit').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ratesOf(sub)).toEqual({ LIVE: 5000 });
    expect(
      await server.query("SELECT target, details->'after' AS after FROM audit_log WHERE action = 'agent.rates'"),
    ).toEqual([{ target: sub, after: { LIVE: '0.50' } }]);

    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator('[data-rates="RateSub"]').click();
    await page.locator('dialog[open]').getByTestId('agent-rates').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-360.png`, fullPage: true });
  });
});
