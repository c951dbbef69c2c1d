import { randomUUID } from 'node:crypto';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';
import { screenshotPath } from '../support/screenshots';
import { dialog, memberRow, openSite, sessionOf, signInMember, userMenu } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
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

const operatorToken = async (): Promise<string> => {
  const response = await fetch(`${server.url}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  return ((await response.json()) as Envelope<{ token: string }>).value.token;
};

const operator = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
  const response = await fetch(`${server.url}/api/admin/merchants/demo${path}`, {
    method,
    headers: { Authorization: await operatorToken(), 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

const site = async <T>(token: string, path: string, moduleId: string, body?: unknown): Promise<Envelope<T>> => {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: token, ModuleId: moduleId, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
};

const stat = (page: Page, name: string) => page.locator(`[data-stat="${name}"] dd`);
const menuItem = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();

/**
 * The agent's journey: a member applies on /agent, an operator approves, the agent copies its registration link
 * from the register centre, a friend registers through it, deposits and bets, and the agent sees the friend in
 * downline management and the figures in the team overview; another branch's member answers not_found.
 */
describe('the agent centre', () => {
  it('runs from the application to the friend in the team report', async () => {
    await api.registerByUsername('AgentE2E1', 'Secret123', '81420001');
    const { context, page } = await openSite(browser, server, '/agent');
    await page.goto(`${server.url}/`);
    await signInMember(page, 'AgentE2E1');
    await page.goto(`${server.url}/agent`);

    // The application form; a bad mobile number is refused under its field, nothing is filed.
    const form = page.locator('form[data-form="affiliate-application"]');
    await form.waitFor();
    await form.getByLabel('Contact name').fill('Ann Agent');
    await form.getByLabel('Contact mobile number').fill('call me');
    await form.getByRole('button', { name: 'Submit application' }).click();
    await form.locator('[aria-invalid="true"]').first().waitFor();
    await form.getByLabel('Contact mobile number').fill('+65 8142 0001');
    await form.getByLabel('Message (optional)').fill('I run a team of players');
    await page.screenshot({ path: screenshotPath('agents-application-desktop-en.png'), fullPage: true });
    await form.getByRole('button', { name: 'Submit application' }).click();
    await page.locator('[data-application="pending"]').waitFor();

    // The operator approves it as an agent of type 1.
    const queue = await operator<{ list: { id: string; account: string }[] }>(
      'GET',
      '/agent-applications?status=pending',
    );
    const application = queue.value.list.find((row) => row.account === 'AgentE2E1');
    expect(application).toBeDefined();
    const approved = await operator('POST', `/agent-applications/${application?.id}/decision`, {
      approve: true,
      agentType: 1,
    });
    expect(approved.success).toBe(true);

    // The agent centre opens on the team overview, empty so far.
    await page.goto(`${server.url}/agentHome`);
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    expect(await stat(page, 'teamMembers').textContent()).toBe('0');
    expect(await page.locator('[data-agent-clock]').textContent()).toMatch(
      /^GMT[+-]\d+.* \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );

    // The register centre shows the link with its QR code.
    await menuItem(page, 'Register Center').click();
    const linkField = page.locator('[data-agent-link]');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    const code = await page.locator('[data-affiliate-code]').inputValue();
    expect(link).toBe(`${server.url}/register?affiliateCode=${code}`);
    await page.locator('[data-card="agent-link"] [data-qr-code]').waitFor();
    await page.screenshot({ path: screenshotPath('agents-link-desktop-en.png'), fullPage: true });

    // A friend opens the link: the affiliate code is filled in, and it registers. While an operator has frozen the
    // agent, the code is refused under its field and nobody is registered (decision 0089).
    const agentRow = await memberRow(server, 'AgentE2E1');
    const freeze = (frozen: boolean) =>
      operator('POST', `/agent-tree/${agentRow.id}/freeze`, { frozen, reason: 'e2e review' });
    expect((await freeze(true)).success).toBe(true);
    const friend = await newPage(browser, { viewport: 'phone' });
    await friend.page.goto(link);
    const register = dialog(friend.page, 'register');
    await register.waitFor();
    await register.getByRole('tab', { name: 'By username' }).click();
    const fields = register.locator('form');
    expect(await fields.locator('input[name="affiliateCode"]').inputValue()).toBe(code);
    await fields.getByLabel('Username').fill('AgentFriend1');
    await fields.getByLabel('Password', { exact: true }).fill('Secret123');
    await fields.getByLabel('Confirm password').fill('Secret123');
    await fields.getByLabel('Mobile number').fill('81420002');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await fields.getByText('This invitation code is suspended. Clear it to register without one.').waitFor();
    await friend.page.screenshot({ path: screenshotPath('agents-link-frozen-phone-en.png'), fullPage: true });
    expect(await server.query('SELECT id FROM members WHERE username = $1', ['agentfriend1'])).toEqual([]);
    expect((await freeze(false)).success).toBe(true);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await userMenu(friend.page).waitFor();
    expect(await memberRow(server, 'AgentFriend1')).toMatchObject({ upline_id: agentRow.id });

    // The friend deposits 60.00 and bets 5.00 on dice.
    const friendToken = (await sessionOf(friend.page)).token ?? '';
    await money.creditByBankTransfer(friendToken, '60');
    const bet = await site(friendToken, '/wps/inhouse/bets', 'COMM3', {
      game: 'dice',
      stake: '5.00',
      idempotencyKey: randomUUID(),
      params: { target: 5000, direction: 'under' },
    });
    expect(bet.success).toBe(true);
    await friend.context.close();

    // The agent sees the friend and the figures (events are delivered within a second or so).
    await menuItem(page, 'Team Overview').click();
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.reload();
      await page.locator('[data-stat="bets"]').waitFor();
      if ((await stat(page, 'bets').textContent()) === '$5.00') break;
      await page.waitForTimeout(500);
    }
    expect(await stat(page, 'teamMembers').textContent()).toBe('1');
    expect(await stat(page, 'directMembers').textContent()).toBe('1');
    expect(await stat(page, 'activeMembers').textContent()).toBe('1');
    expect(await stat(page, 'deposits').textContent()).toBe('$60.00');
    expect(await stat(page, 'bets').textContent()).toBe('$5.00');
    expect(await stat(page, 'validBets').textContent()).toBe('$5.00');
    const today = new Date().toISOString().slice(0, 10);
    await page.locator(`[data-card="team-report"] tr[data-day="${today}"]`).waitFor();
    await page.screenshot({ path: screenshotPath('agents-overview-desktop-en.png'), fullPage: true });

    await menuItem(page, 'Downline Management').click();
    const row = page.locator('[data-card="downline"] tr[data-downline="AgentFriend1"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('$60.00');
    await page.screenshot({ path: screenshotPath('agents-downline-desktop-en.png'), fullPage: true });

    // Phone width: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await menuItem(page, 'Team Overview').click();
    await page.locator('[data-stat="bets"]').waitFor();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: screenshotPath('agents-overview-phone-en.png'), fullPage: true });

    // Another branch: a member under another agent is not found for this agent.
    const otherToken = (await api.registerByUsername('AgentE2E2', 'Secret123', '81420003')).token;
    const other = await site<{ id: string }>(otherToken, '/wps/agent/application', 'AFFMAN3', {
      contactName: 'Bob Agent',
      contactMobile: '+65 8142 0003',
      message: '',
    });
    await operator('POST', `/agent-applications/${other.value.id}/decision`, { approve: true, agentType: 1 });
    const otherCode = (await site<{ affiliateCode: string }>(otherToken, '/wps/agent/link', 'REGCEN')).value
      .affiliateCode;
    await api.registerByUsername('BobFriend1', 'Secret123', '81420004', { affiliateCode: otherCode });
    const bobFriend = await memberRow(server, 'BobFriend1');
    const agentToken = (await sessionOf(page)).token ?? '';
    const range = `from=${today}&to=${today}`;
    const foreign = await site(agentToken, `/wps/agent/team/members?${range}&parentId=${bobFriend.id}`, 'DOWNMAN');
    expect(foreign).toMatchObject({ success: false, errorCode: 'not_found' });
    const foreignReport = await site(
      agentToken,
      `/wps/agent/team/report?${range}&memberId=${bobFriend.id}`,
      'AGEINFO3',
    );
    expect(foreignReport).toMatchObject({ success: false, errorCode: 'not_found' });
    await context.close();
  });

  it('sends a member who is no agent from the agent centre to the application', async () => {
    await api.registerByUsername('NotAgent01', 'Secret123', '81420005');
    const { context, page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'NotAgent01');
    await page.goto(`${server.url}/agentHome`);
    await page.locator('form[data-form="affiliate-application"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent');
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(fits).toBe(true);
    await page.screenshot({ path: screenshotPath('agents-application-phone-en.png'), fullPage: true });
    await context.close();
  });
});
