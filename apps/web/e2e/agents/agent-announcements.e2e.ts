import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
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

const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const cardTitles = (page: Page) =>
  page.locator('[data-agent-page="agentAnnouncement"] [data-card="agent-announcement"] h2').allInnerTexts();

/**
 * The agent centre's announcements (decision 0095): the operator writes notices for agents, for the site and for
 * both; the agent reads the agent and both ones on the Announcement page (newest first, whole text, in Arabic too),
 * never the site-only one, and the site's ticker never shows the agent-only one.
 */
describe('agent announcements', () => {
  it('an agent reads the announcements written for agents, in its language, on a phone too', async () => {
    const admin = await adminApi(server.url);
    const notice = (language: string, title: string, content: string, audience: string) =>
      admin.createContent({ language, sortOrder: 0, content: { kind: 'notice', data: { title, content, audience } } });
    await notice('EN', 'Site only notice', 'For everyone on the site.', 'site');
    await notice('EN', 'Commission statements are ready', 'Your October statement:\nsee My Income.', 'agents');
    await notice('EN', 'Maintenance for everyone', 'Tuesday 03:00–04:00 UTC.', 'both');
    await notice('AR', 'كشوف العمولات جاهزة', 'كشف شهر أكتوبر:\nراجع دخلي.', 'agents');
    await api.registerByUsername('AnnAgent1', 'Secret123', '81439101');
    await admin.makeAgent((await memberRow(server, 'AnnAgent1')).id);

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'AnnAgent1');
    // The ticker: the site and both notices, never the agents-only one.
    await page.getByText('Site only notice').first().waitFor();
    expect(await page.getByText('Commission statements are ready').count()).toBe(0);

    await page.goto(`${server.url}/agentHome`);
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    // The menu counts the two announcements the agent has not read (decision 0113).
    const announcementItem = page.getByRole('button', { name: /^Announcement/ }).first();
    await announcementItem.locator('[data-menu-badge="2"]').waitFor();
    expect(await announcementItem.getByText('Unread announcements: 2').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('agent-announcements-unread-badge.png') });
    await announcementItem.click();
    await page.locator('[data-agent-page="agentAnnouncement"] [data-card="agent-announcement"]').first().waitFor();
    expect(await cardTitles(page)).toEqual(['Maintenance for everyone', 'Commission statements are ready']);
    // Read once shown, on the server: the badge clears, and stays cleared after a reload.
    await announcementItem.locator('[data-menu-badge]').waitFor({ state: 'detached' });
    expect(await server.query('SELECT 1 FROM content_notice_reads')).toHaveLength(1);
    await page.reload();
    await page.locator('[data-agent-page="agentTeamOverview"]').waitFor();
    await page.waitForTimeout(500);
    expect(await announcementItem.locator('[data-menu-badge]').count()).toBe(0);
    // A notice written afterwards is counted again; the agent reads it.
    await notice('EN', 'New rates from Monday', 'The October rates table.', 'agents');
    await page.reload();
    await announcementItem.locator('[data-menu-badge="1"]').waitFor();
    await announcementItem.click();
    await page.getByText('The October rates table.').waitFor();
    await announcementItem.locator('[data-menu-badge]').waitFor({ state: 'detached' });
    expect(await cardTitles(page)).toEqual([
      'New rates from Monday',
      'Maintenance for everyone',
      'Commission statements are ready',
    ]);
    await page.getByText('see My Income.').waitFor();
    expect(await page.getByText('Site only notice').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('agent-announcements-desktop-en.png'), fullPage: true });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.waitForTimeout(300);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agent-announcements-360-en.png'), fullPage: true });

    await page.evaluate(() => localStorage.setItem('lang', 'AR'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'الإعلانات', exact: false }).first().click();
    await page.getByText('كشوف العمولات جاهزة').waitFor();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('agent-announcements-360-ar.png'), fullPage: true });
    await context.close();
  });
});
