import { DEMO_OPERATOR, launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { memberRow, openSite, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
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

const operator = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
  const login = await fetch(`${server.url}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).value.token;
  const response = await fetch(`${server.url}/api/admin/merchants/demo${path}`, {
    method,
    headers: { Authorization: token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const ratesOf = async (username: string) =>
  (
    await server.query<{ rates: Record<string, number> }>(
      'SELECT p.rates FROM agent_profiles p JOIN members m ON m.id = p.member_id WHERE m.username = $1',
      [username.toLowerCase()],
    )
  )[0]?.rates;

/**
 * Agents' rates (decision 0090): the operator sets the merchant's default rates, a new agent gets them, and the
 * agent sets its direct downline agent's rates in downline management: a rate above its own is refused under the
 * field and saves nothing; a rate within it is saved and shown.
 */
describe("setting a downline agent's rates", () => {
  it('the agent sets its downline agent rates within its own, a rate above its own refused on the field', async () => {
    const settings = await operator('PUT', '/agent-settings', {
      maxDepth: 20,
      agentsCreateAgents: true,
      transferDown: 'any',
      transferUp: false,
      defaultRates: { LIVE: '0.8', SPORTS: '1.25' },
    });
    expect(settings.success).toBe(true);
    await api.registerByUsername('RatesTop1', 'Secret123', '81439001');
    const top = await memberRow(server, 'RatesTop1');
    expect((await operator('POST', `/agent-tree/${top.id}/agent-type`, { agentType: 1 })).success).toBe(true);
    expect(await ratesOf('RatesTop1')).toEqual({ LIVE: 8000, SPORTS: 12500 });
    const [topCode] = await server.query<{ affiliate_code: string }>(
      'SELECT affiliate_code FROM members WHERE id = $1',
      [top.id],
    );
    const code = topCode?.affiliate_code ?? '';
    await api.registerByUsername('RatesSub1', 'Secret123', '81439002', { affiliateCode: code });
    const sub = await memberRow(server, 'RatesSub1');
    expect(sub.upline_id).toBe(top.id);
    expect((await operator('POST', `/agent-tree/${sub.id}/agent-type`, { agentType: 1 })).success).toBe(true);

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'RatesTop1');
    await page.goto(`${server.url}/agentHome`);
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    await page.getByRole('button', { name: 'Downline Management', exact: true }).first().click();
    await page.locator('[data-card="downline"] tr[data-downline="RatesSub1"]').waitFor();
    await page.locator('[data-rates="RatesSub1"]').click();
    const dialog = page.locator('form[data-form="downline-rates"]');
    await dialog.waitFor();
    expect(await dialog.locator('#downline-rate-LIVE').inputValue()).toBe('0.80');
    // A category the agent has no rate in cannot be given.
    expect(await dialog.locator('#downline-rate-RNG').isDisabled()).toBe(true);

    await dialog.locator('#downline-rate-LIVE').fill('0.95');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await dialog.getByText('Must be at most your own rate, 0.80 %.').waitFor();
    expect(await ratesOf('RatesSub1')).toEqual({ LIVE: 8000, SPORTS: 12500 });
    await page.screenshot({ path: screenshotPath('agents-rates-refused-desktop-en.png'), fullPage: true });

    await dialog.locator('#downline-rate-LIVE').fill('0.5');
    await dialog.locator('#downline-rate-SPORTS').fill('');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await dialog.getByText('Rates saved.').waitFor();
    expect(await ratesOf('RatesSub1')).toEqual({ LIVE: 5000 });
    await page.screenshot({ path: screenshotPath('agents-rates-desktop-en.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agents-rates-phone-en.png'), fullPage: true });
    await context.close();
  });
});
