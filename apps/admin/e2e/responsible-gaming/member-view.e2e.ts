import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { responsibleGamingEndpoints } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
let memberId: string;

const MEMBER = {
  username: 'Careful01',
  password: 'Secret123',
  email: 'careful@example.com',
  mobileNum: '81239876',
  countryDialingCode: '65',
};

const shot = (name: string) => {
  const dir = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'tessera-screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
};

beforeAll(async () => {
  server = await startTestServer();
  const site = memberSite(server);
  await site.register(MEMBER);
  const login = await site.login(MEMBER.username, MEMBER.password);
  const token = (login.value as { token: string }).token;
  // The member's own choices: a daily loss limit, then a raise it asked for (waiting), then a 7-day break.
  expect(
    (await site.call(responsibleGamingEndpoints.setLimit, token, { kind: 'loss', period: 'day', amount: '20' }))
      .success,
  ).toBe(true);
  expect(
    (await site.call(responsibleGamingEndpoints.setLimit, token, { kind: 'loss', period: 'day', amount: '90' }))
      .success,
  ).toBe(true);
  // A daily session-time limit, reality checks every 15 minutes and one answered after 15 minutes of session.
  expect(
    (await site.call(responsibleGamingEndpoints.setSessionLimit, token, { period: 'day', minutes: 90 })).success,
  ).toBe(true);
  expect((await site.call(responsibleGamingEndpoints.setRealityCheck, token, { minutes: 15 })).success).toBe(true);
  expect((await site.call(responsibleGamingEndpoints.heartbeat, token, {})).success).toBe(true);
  await server.query(
    "UPDATE rg_sessions SET last_counted_at = last_counted_at - interval '15 minutes' WHERE member_id = (SELECT id::text FROM members WHERE username = 'careful01')",
  );
  const due = await site.call(responsibleGamingEndpoints.heartbeat, token, {});
  expect((due.value as { realityCheckDue: boolean }).realityCheckDue).toBe(true);
  expect(
    (await site.call(responsibleGamingEndpoints.answerRealityCheck, token, { response: 'continue' })).success,
  ).toBe(true);
  const block = await site.call(responsibleGamingEndpoints.block, token, {
    kind: 'break',
    duration: '7d',
    allMerchants: true,
    confirm: true,
  });
  expect(block.success).toBe(true);
  memberId =
    (await server.query<{ id: string }>("SELECT id::text FROM members WHERE username = 'careful01'"))[0]?.id ?? '';
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a member's responsible gaming in the back office", () => {
  it('shows the limits, the waiting raise, the break and the history, read only, and audits the look', async () => {
    await page.goto(`${server.url}/admin/members/${memberId}`);
    const panel = page.locator('#member-responsible-gaming');
    await panel.waitFor();
    expect(await panel.locator('tr[data-limit="loss-day"]').textContent()).toContain('20.00 USD');
    expect(await panel.locator('tr[data-limit="loss-day"]').textContent()).toContain('90.00 USD');
    expect(await panel.getByTestId('rg-blocks').textContent()).toContain('Break');
    expect(await panel.getByTestId('rg-history').textContent()).toContain('limit.raise_requested');
    expect(await panel.locator('tr[data-limit="session-day"]').textContent()).toContain('90 min');
    expect(await panel.locator('[data-reality-interval]').textContent()).toBe('Reality checks: every 15 minutes.');
    const checks = panel.getByTestId('rg-reality-checks');
    expect(await checks.textContent()).toContain('Reality-check responses');
    expect(await checks.locator('tr[data-reality-check="continue"]').textContent()).toContain('Continued');
    expect(await checks.locator('tr[data-reality-check="continue"]').textContent()).toContain('0.00 USD');
    // Nothing to loosen or lift: the panel has no buttons.
    expect(await panel.getByRole('button').count()).toBe(0);
    await page.screenshot({ path: shot('admin-responsible-gaming-desktop.png'), fullPage: true });
    await checks.screenshot({ path: shot('admin-reality-checks-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await panel.waitFor();
    await page.screenshot({ path: shot('admin-responsible-gaming-phone.png'), fullPage: true });
    await panel.getByTestId('rg-reality-checks').screenshot({ path: shot('admin-reality-checks-phone.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const audit = await server.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'responsible_gaming.view' ORDER BY id",
    );
    expect(audit.map((row) => row.target.toLowerCase())).toContain('careful01');
  });
});
