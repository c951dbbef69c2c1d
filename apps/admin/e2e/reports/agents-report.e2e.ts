import { adminAgentEndpoints, adminEndpoints, buildPath } from '@tessera/contracts';
import { DEMO_OPERATOR, launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSite } from '../support/member-site';
import { signIn } from '../support/sign-in';

/**
 * The agents and affiliates report in the browser (issue 26, decision 0123): two members registered on the demo
 * site are made agents by the owner; the owner opens the report, filters one agent, and exports it as CSV,
 * downloaded once the job built it; on a phone the page keeps to the screen's width.
 */

let server: TestServer;
let browser: Browser;
const SHOTS = '/tmp/tessera-screenshots/agents-report';
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const AGENTS = ['Agentrep01', 'Agentrep02'];

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  const { token } = await fetch(server.url + adminEndpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  }).then(async (response) => ((await response.json()) as { value: { token: string } }).value);
  for (const [i, username] of AGENTS.entries()) {
    await site.register({
      username,
      password: 'Secret123',
      email: `agentrep${i}@example.com`,
      mobileNum: `8126100${i}`,
      countryDialingCode: '65',
    });
    const id = (
      await server.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username.toLowerCase()])
    )[0]?.id;
    const made = await fetch(
      server.url + buildPath(adminAgentEndpoints.setType.path, { code: 'demo', memberId: id ?? '' }),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ agentType: 1 }),
      },
    ).then((response) => response.json() as Promise<{ success: boolean }>);
    expect(made.success).toBe(true);
  }
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the agents report', () => {
  it('lets the owner open it, filter by agent and export it as CSV', async () => {
    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signIn(page, server.url, DEMO_OPERATOR);
    await page.goto(`${server.url}/admin/reports?merchant=demo`);
    await page.getByRole('tab', { name: 'Agents and affiliates' }).click();
    const grid = page.getByTestId('report-table');
    await grid.getByText('Agentrep02', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText('Contracts paid (total)').first().waitFor();

    await page.getByLabel('Group by').selectOption('top');
    await grid.getByText('Agentrep01', { exact: true }).waitFor();
    await page.getByLabel('Agent account').fill('agentrep02');
    await page.getByText('Agentrep01', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    await grid.getByText('Agentrep02', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-1440.png`, fullPage: true });

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exports = page.getByTestId('report-exports');
    await exports.getByRole('button', { name: 'Download' }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^demo-agents-.*\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(path, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.startsWith('agent,teamMembers,newMembers')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['Agentrep02']);
    const audit = await server.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'report.%' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(['report.export', 'report.download']);

    // By day in the operator's zone (decision 0129): a row per local day with activity (these agents have none
    // yet: no row), a day column and no team size column.
    await page.getByLabel('Group by').selectOption('day');
    await grid.getByRole('columnheader', { name: 'Day' }).waitFor({ timeout: 30_000 });
    await grid.getByText('Total (0 rows)').waitFor();
    expect(await grid.getByRole('columnheader', { name: 'Team members' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-day-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('keeps to a phone’s width', async () => {
    const { page } = await newPage(browser, { viewport: 'phone' });
    await signIn(page, server.url, DEMO_OPERATOR);
    await page.goto(`${server.url}/admin/reports?merchant=demo`);
    await page.getByRole('tab', { name: 'Agents and affiliates' }).click();
    await page.getByTestId('report-table').getByText('Agentrep02', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}-390.png`, fullPage: true });
    await page.context().close();
  });
});
