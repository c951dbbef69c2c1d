import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, startTestServer, type TestServer, VIEWPORTS } from '@tessera/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialog } from '../support/site';

const SHOTS = '/tmp/tessera-screenshots/pwa';
const shot = (name: string) => `${SHOTS}/${name}.png`;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh visitor with the announcement popup already dismissed this session. */
const visit = async (path = '/', viewport: 'phone' | 'desktop' = 'desktop') => {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  await page.goto(`${server.url}${path}`);
  await page.locator('[data-shell="header"]').waitFor();
  return { context, page };
};

/**
 * Waits until the service worker controls the page, and returns what its cache holds (paths). The first install
 * precaches the shell; in a CI run with the unit suites beside it, that took over 20 s for the first page (the
 * limit guards against a hang, not a speed).
 */
const controlledCache = async (page: Page) => {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const paths: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return { names, paths };
  });
};

describe('the member site as an installable web app', () => {
  let context: BrowserContext;
  let page: Page;

  it('links its manifest, and its service worker installs and precaches the shell', async () => {
    ({ context, page } = await visit('/'));
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(`${server.url}${manifestHref}`)).json();
    expect(manifest).toMatchObject({ name: 'Tessera Demo', display: 'standalone', start_url: '/' });
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toMatch(/^\/app-icons\//);

    // The page reloads under the worker's control (clients.claim) and the shell is in one cache of this build.
    await page.reload();
    await page.locator('[data-shell="header"]').waitFor();
    const { names, paths } = await controlledCache(page);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^tessera-shell-[0-9a-f]{16}$/);
    expect(paths).toContain('/');
    expect(paths.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/assets\/index-[\w-]+\.css$/.test(path))).toBe(true);
  });

  it('never caches API calls, banner images or anything sent with a session', async () => {
    // The page has called the API (status, announcements, banner images); opening a dialog calls more.
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
    await dialog(page, 'login').locator('a[data-banner] img').waitFor();
    const { paths } = await controlledCache(page);
    const forbidden = paths.filter((path) => /^\/(wps|lgw|lotto|api|provider|admin)\b/.test(path));
    expect(forbidden).toEqual([]);
    // Every cached entry is the page or a build file (hashed /assets or the icon).
    expect(paths.every((path) => path === '/' || path.startsWith('/assets/') || path === '/favicon.svg')).toBe(true);
  });

  it('starts offline from the cached shell, which shows its offline screen, and is fresh again once back', async () => {
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/help`);
      // The shell itself came from the cache: its script runs and says it cannot reach the server.
      const offline = page.locator('[data-status-page="in_network_again"]');
      await offline.waitFor({ timeout: 20_000 });
      expect(await offline.textContent()).toContain('Connection problem');
      await page.screenshot({ path: shot('offline-start-1440') });
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await page.locator('[data-shell="header"]').waitFor();
    expect(await page.locator('[data-status-page="in_network_again"]').count()).toBe(0);
    await context.close();
  });

  it('offers installing where the browser allows it, even when the offer came before the page was opened', async () => {
    const visitor = await visit('/');
    // Headless Chromium does not judge a site installable by itself: hand the shell the event it would send.
    await visitor.page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: async () => {
          (window as unknown as { promptShown: boolean }).promptShown = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
      history.pushState({}, '', '/appDownload');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const install = visitor.page.getByRole('button', { name: 'Install now' });
    await install.click();
    await visitor.page.waitForFunction(() => (window as unknown as { promptShown?: boolean }).promptShown === true);
    // The offer is spent once answered.
    await install.waitFor({ state: 'detached' });
    await visitor.context.close();
  });

  it('tells an iPhone visitor how to add the site to the home screen', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
    const iphone = await context.newPage();
    await iphone.goto(`${server.url}/appDownload`);
    const hint = iphone.locator('[data-install-state="ios"]');
    await hint.waitFor();
    expect(await hint.textContent()).toBe('On iPhone or iPad: tap Share, then “Add to Home Screen”.');
    expect(await iphone.getByRole('button', { name: 'Install now' }).count()).toBe(0);
    await iphone.screenshot({ path: shot('app-download-ios-390'), fullPage: true });
    await context.close();
  });
});

describe('banners in the account dialogs', () => {
  const bannerOf = (page: Page, name: string) => dialog(page, name).locator('a[data-banner]');

  /** The banner is on top of the dialog's body, its picture loaded, in its reserved 10:3 box. */
  const expectBannerOnTop = async (page: Page, name: string, title: string) => {
    const banner = bannerOf(page, name);
    await banner.waitFor();
    await page.waitForFunction((dialogName) => {
      const image = document.querySelector<HTMLImageElement>(`dialog[data-dialog="${dialogName}"] a[data-banner] img`);
      return image?.complete === true && image.naturalWidth > 0;
    }, name);
    expect(await banner.textContent()).toBe(title);
    const box = await banner.boundingBox();
    expect(box && Math.abs(box.width / box.height - 10 / 3)).toBeLessThan(0.05);
    const form = await dialog(page, name).locator('form, [role="tabpanel"]').first().boundingBox();
    expect(box && form && box.y + box.height <= form.y).toBe(true);
  };

  for (const viewport of ['desktop', 'phone'] as const) {
    const width = VIEWPORTS[viewport].width;
    it(`shows the merchant's banner at the top of login, register and forgot password (${width} px)`, async () => {
      const { context, page } = await visit('/', viewport);
      const header = page.locator('[data-shell="header"]');
      await header.getByRole('button', { name: 'Login', exact: true }).click();
      await expectBannerOnTop(page, 'login', 'Welcome back');
      await page.screenshot({ path: shot(`login-dialog-${width}`) });

      await dialog(page, 'login').getByRole('button', { name: 'Forgot password?' }).click();
      await expectBannerOnTop(page, 'forgot-password', 'Your account stays protected');
      await page.screenshot({ path: shot(`forgot-dialog-${width}`) });

      await dialog(page, 'forgot-password').getByRole('button', { name: 'Back to login' }).click();
      await dialog(page, 'login').getByRole('button', { name: 'Register now' }).click();
      await expectBannerOnTop(page, 'register', 'Daily missions and weekly offers');
      await page.screenshot({ path: shot(`register-dialog-${width}`) });
      await context.close();
    });
  }

  it('follows a banner to its page and closes the dialog', async () => {
    const { context, page } = await visit('/');
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
    await bannerOf(page, 'login').click();
    await page.waitForURL(/\/promotions$/);
    await dialog(page, 'login').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows no banner where the merchant has none for that dialog', async () => {
    const rows = await server.query<{ id: string }>(
      `DELETE FROM content_items WHERE kind = 'banner' AND data->>'group' = 'w_login' RETURNING id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const { context, page } = await visit('/');
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
    await dialog(page, 'login').getByLabel('Username').waitFor();
    expect(await bannerOf(page, 'login').count()).toBe(0);
    await context.close();
  });
});
