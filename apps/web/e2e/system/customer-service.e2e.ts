import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

/** The header's customer-service list lies whole on the screen, with a margin, wherever its button stands. */
const liesOnScreen = async (page: Page, menu: Locator) => {
  const box = await menu.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 4 && box.x + box.width <= width - 4;
};

let server: TestServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminApi>>;
let seeded: { csType: string; title: string; url: string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  admin = await adminApi(server.url);
  await admin.updateDemoMerchant((settings) => {
    seeded = settings.customerService;
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await admin.updateDemoMerchant((settings) => {
    settings.maintenance = { enabled: false, startAt: null, endAt: null };
    settings.region.blockedIpRanges = [];
    settings.customerService = seeded;
  });
});

/** The outside services answer with a page of their own, so a popup's address is what the entry points at. */
const answerOutsideServices = (context: BrowserContext) =>
  context.route(/^https:\/\/(t\.me|wa\.me)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>service</p>' }),
  );

const popupOf = async (context: BrowserContext, click: () => Promise<void>): Promise<string> => {
  const [popup] = await Promise.all([context.waitForEvent('page'), click()]);
  await popup.waitForLoadState('domcontentloaded');
  const url = popup.url();
  await popup.close();
  return url;
};

const titlesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));

describe('customer service', () => {
  it('seeds the demo with live chat, Telegram and WhatsApp', () => {
    expect(seeded.map((entry) => entry.csType)).toEqual(['LIVECHAT', 'TELEGRAM', 'WHATSAPP']);
  });

  it('offers every entry in the header dropdown, the side menu and the footer, each opening its service', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openSite(browser, server, '/', viewport);
      await answerOutsideServices(context);
      const header = page.locator('[data-shell="header"]');
      await header.getByRole('button', { name: 'Customer Service' }).click();
      const menu = page.locator('[data-customer-service-menu]');
      expect(await titlesOf(page, '[data-customer-service-menu] li')).toEqual([
        'Live chat',
        'Telegram',
        'WhatsApp',
        'Chat room',
        'Help Center',
      ]);
      expect(await liesOnScreen(page, menu)).toBe(true);
      await page.screenshot({ path: screenshotPath(`customer-service-header-${viewport}.png`) });
      expect(await popupOf(context, () => menu.locator('[data-cs-type="TELEGRAM"]').click())).toBe(
        'https://t.me/TesseraDemoSupport',
      );
      // The dropdown closes once an entry is chosen.
      await menu.waitFor({ state: 'detached' });

      if (viewport === 'phone') await header.getByRole('button', { name: 'Menu' }).click();
      const side = page.locator('[data-shell="side-menu"] [data-side-service]');
      await side.scrollIntoViewIfNeeded();
      expect(await titlesOf(page, '[data-side-service] li')).toEqual([
        'Live chat',
        'Telegram',
        'WhatsApp',
        'Chat room',
      ]);
      await page.screenshot({ path: screenshotPath(`customer-service-side-${viewport}.png`) });
      // Live chat opens the platform's built-in chat, on the site the visitor is on, in the service window.
      const liveChat = new URL(await popupOf(context, () => side.locator('[data-cs-type="LIVECHAT"]').click()));
      expect(`${liveChat.origin}${liveChat.pathname}${liveChat.search}`).toBe(`${server.url}/chat`);
      if (viewport === 'phone') await page.keyboard.press('Escape');

      const footer = page.locator('[data-shell="footer"]');
      await footer.scrollIntoViewIfNeeded();
      const service = footer.locator('[data-footer-service]');
      await service.waitFor();
      await service.scrollIntoViewIfNeeded();
      expect(await titlesOf(page, '[data-footer-service] li')).toEqual(['Live chat', 'Telegram', 'WhatsApp']);
      await page.screenshot({ path: screenshotPath(`customer-service-footer-${viewport}.png`) });
      expect(await popupOf(context, () => service.locator('[data-cs-type="WHATSAPP"]').click())).toBe(
        'https://wa.me/6560000000',
      );
      await context.close();
    }
  });

  it('leads to the help centre from every place when the merchant lists no customer service', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.customerService = [];
    });
    const { context, page } = await openSite(browser, server, '/', 'desktop');
    const header = page.locator('[data-shell="header"]');
    await header.getByRole('button', { name: 'Customer Service' }).click();
    // The chat rooms are the merchant's own, offered whatever outside services it lists.
    expect(await titlesOf(page, '[data-customer-service-menu] li')).toEqual(['Chat room', 'Help Center']);
    await page.locator('[data-customer-service-menu]').getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL(/\/help$/);
    await page.locator('dialog[data-dialog="help"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[data-dialog="help"]').waitFor({ state: 'detached' });

    const side = page.locator('[data-shell="side-menu"] [data-side-service]');
    expect(await side.locator('a').getAttribute('href')).toBe('/help');
    const footer = page.locator('[data-shell="footer"]');
    await footer.scrollIntoViewIfNeeded();
    await footer.locator('[data-footer-service]').waitFor();
    expect(await footer.locator('[data-footer-service] a').getAttribute('href')).toBe('/help');
    await context.close();
  });

  it('asks for nothing but the site state in maintenance, and its button opens live chat', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.maintenance = { enabled: true, startAt: null, endAt: null };
    });
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, { viewport });
      const errors: string[] = [];
      const calls: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/wps/') || url.pathname.startsWith('/api/')) {
          calls.push(`${url.pathname} ${response.status()}`);
        }
      });
      await page.goto(server.url);
      const screen = page.locator('[data-status-page="maintenance"]');
      await screen.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();
      // Long enough for anything the page would ask for after it renders to have been asked for.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: screenshotPath(`customer-service-maintenance-${viewport}.png`) });
      expect(calls.filter((call) => !call.startsWith('/wps/system/status '))).toEqual([]);
      expect(errors).toEqual([]);
      // The built-in chat is closed with the site: the button opens the first service served elsewhere.
      await answerOutsideServices(context);
      const service = await popupOf(context, () => screen.getByRole('button', { name: 'Customer Service' }).click());
      expect(service).toBe('https://t.me/TesseraDemoSupport');
      await context.close();
    }
  });

  it('offers to check again on the status pages of a merchant without customer service', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.customerService = [];
      settings.maintenance = { enabled: true, startAt: null, endAt: null };
    });
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await page.goto(server.url);
    const screen = page.locator('[data-status-page="maintenance"]');
    await screen.waitFor();
    expect(await screen.getByRole('button', { name: 'Customer Service' }).count()).toBe(0);
    await admin.updateDemoMerchant((settings) => {
      settings.maintenance = { enabled: false, startAt: null, endAt: null };
    });
    await screen.getByRole('button', { name: 'Try again' }).click();
    // The maintenance is over: the site opens.
    await page.locator('[data-shell="header"]').waitFor();
    await context.close();
  });

  it('offers customer service on the region-block page', async () => {
    await admin.updateDemoMerchant((settings) => {
      settings.region.blockedIpRanges = ['127.0.0.1/32', '::1/128'];
    });
    const { context, page } = await newPage(browser, { viewport: 'phone' });
    await page.goto(server.url);
    const screen = page.locator('[data-status-page="blockip"]');
    await screen.waitFor();
    await page.screenshot({ path: screenshotPath('customer-service-blockip-phone.png') });
    await answerOutsideServices(context);
    const service = await popupOf(context, () => screen.getByRole('button', { name: 'Customer Service' }).click());
    expect(service).toBe('https://t.me/TesseraDemoSupport');
    await context.close();
  });

  it('opens the built-in live chat for a signed-in member, who writes to the desk from the service window', async () => {
    await memberApi(server).registerByUsername('Service01', 'Secret123', '81270001');
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openSite(browser, server, '/', viewport);
      await signInMember(page, 'Service01');
      await page.locator('[data-shell="header"]').getByRole('button', { name: 'Customer Service' }).click();
      // A member's header holds the balance beside the button: the list still lies whole on the screen.
      expect(await liesOnScreen(page, page.locator('[data-customer-service-menu]'))).toBe(true);
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.locator('[data-customer-service-menu] [data-cs-type="LIVECHAT"]').click(),
      ]);
      const chat = popup.locator('[data-card="live-chat"]');
      await chat.getByLabel('Message').waitFor();
      await popup.screenshot({ path: screenshotPath(`customer-service-live-chat-${viewport}.png`) });
      if (viewport === 'desktop') {
        await chat.getByLabel('Message').fill('Hello from the service window');
        await chat.getByRole('button', { name: 'Send' }).click();
        await chat.locator('[data-seq="1"][data-author="member"]').waitFor();
        const stored = await server.query<{ body: string }>('SELECT body FROM contact_chat_messages');
        expect(stored.map((row) => row.body)).toEqual(['Hello from the service window']);
      }
      await context.close();
    }
  });
});
