import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withoutPageAnswers } from '../../src/service-worker/sw-rules';
import { adminApi } from '../support/admin-api';

let server: TestServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminApi>>;
let seededCustomerService: { csType: string; title: string; url: string }[] = [];

const SERVICE_URL = 'https://service.example/chat';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  admin = await adminApi(server.url);
  await admin.updateDemoMerchant((settings) => {
    seededCustomerService = settings.customerService;
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await admin.updateDemoMerchant((settings) => {
    settings.enabled = true;
    settings.maintenance = { enabled: false, startAt: null, endAt: null };
    settings.region.blockedIpRanges = [];
    settings.customerService = seededCustomerService;
  });
});

const withCustomerService = (settings: { customerService: { csType: string; title: string; url: string }[] }) => {
  settings.customerService = [{ csType: 'LIVECHAT', title: 'Live chat', url: SERVICE_URL }];
};

describe('site state at start', () => {
  it('shows the maintenance page with its window end and a working customer-service button', async () => {
    const now = Date.now();
    await admin.updateDemoMerchant((settings) => {
      withCustomerService(settings);
      settings.maintenance = {
        enabled: false,
        startAt: new Date(now - 3_600_000).toISOString(),
        endAt: new Date(now + 3_600_000).toISOString(),
      };
    });
    const { context, page } = await newPage(browser);
    await context.route(`${SERVICE_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>chat</p>' }),
    );
    await page.goto(server.url);
    const screen = page.locator('[data-status-page="maintenance"]');
    await screen.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();
    expect(await screen.locator('time').count()).toBe(1);
    expect(await page.locator('[data-shell="header"]').count()).toBe(0);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      screen.getByRole('button', { name: 'Customer Service' }).click(),
    ]);
    await popup.waitForURL(SERVICE_URL);
    await context.close();
  });

  it('shows the region-block page with the player IP', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.region.blockedIpRanges = ['127.0.0.1/32', '::1/128'];
    });
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await page.goto(server.url);
    const screen = page.locator('[data-status-page="blockip"]');
    await screen.getByRole('heading', { level: 1, name: 'Access Restricted' }).waitFor();
    expect(await page.getByTestId('blocked-ip').textContent()).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    // The demo's customer service (customer-service.e2e.ts follows where its button leads).
    expect(await screen.getByRole('button', { name: 'Customer Service' }).count()).toBe(1);
    await context.close();
  });

  it('lets maintenance win over the region block', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.region.blockedIpRanges = ['127.0.0.1/32', '::1/128'];
      settings.maintenance = { enabled: true, startAt: null, endAt: null };
    });
    const { context, page } = await newPage(browser);
    await page.goto(server.url);
    await page.locator('[data-status-page="maintenance"]').waitFor();
    expect(await page.locator('[data-status-page="blockip"]').count()).toBe(0);
    await context.close();
  });

  it('explains an address that belongs to no usable merchant', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.enabled = false;
    });
    const { context, page } = await newPage(browser);
    await page.goto(server.url);
    await page.locator('[data-status-page="domain_check_failed"]').waitFor();
    expect(await page.getByText('Invalid URL, please contact customer service.').count()).toBe(1);
    await context.close();
  });

  it("starts from the status answer and the visitor's announcements written into the page, without asking", async () => {
    const { context, page } = await newPage(browser);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/wps/system/status') calls.push('status');
      if (url.pathname === '/wps/relay/MCSFE_getListAnnouncements') {
        calls.push(`announcements ${request.headers().language ?? ''}`);
      }
    });
    await page.goto(server.url);
    // The announcements are asked for as the site starts, before the home renders.
    await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).waitFor();
    expect(calls).toEqual([]);
    // The answers are read once and removed: the page keeps no copy of them.
    expect(await page.locator('script[id^="page-answer-"]').count()).toBe(0);
    // Another language is asked for over the network.
    await page.locator('[data-shell="side-menu"] select[data-language-select]').selectOption('TH');
    await expect.poll(() => calls).toEqual(['announcements TH']);
    await context.close();
  });

  it('offers a retry when the network fails at start, and opens the site once it answers', async () => {
    const { context, page } = await newPage(browser);
    // The page as the service worker serves it offline: without the answers the server wrote into it.
    await page.route(`${server.url}/`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutPageAnswers(await response.text()) });
    });
    await page.route('**/wps/system/status', (route) => route.abort('internetdisconnected'));
    await page.goto(server.url);
    const screen = page.locator('[data-status-page="in_network_again"]');
    await screen.getByText('Network link is abnormal, please try again.').waitFor();
    await page.unroute('**/wps/system/status');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).waitFor();
    await context.close();
  });
});
