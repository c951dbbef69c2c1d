import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = async (path: string, viewport: 'phone' | 'desktop' = 'desktop') => {
  const { context, page } = await newPage(browser, { viewport });
  await page.goto(`${server.url}${path}`);
  return { context, page };
};

const count = (page: Page, selector: string) => page.locator(selector).count();
const hasNoSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('member-site shell', () => {
  it('renders header, lobby, side menu and footer on a desktop', async () => {
    const { context, page } = await open('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).waitFor();
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login' }).waitFor();
    await page.locator('[data-shell="side-menu"]').waitFor({ state: 'visible' });
    await page.locator('[data-shell="footer"]').waitFor({ state: 'visible' });
    // Home first, promotions last, and between them each category that has a vendor, in the spec's order.
    // Below 1760 px the navigation is the strip under the header's bar.
    const navigation = page.locator('[data-shell="header"] nav').filter({ visible: true });
    await navigation.getByRole('link', { name: 'Slots' }).waitFor();
    expect(await navigation.getByRole('link').allTextContents()).toEqual([
      'Home',
      'E-Lottery',
      'Lottery',
      'Live Casino',
      'Sports',
      'Fishing',
      'Slots',
      'Cards',
      'E-Sports',
      'In-House Games',
      'Promotions',
    ]);
    await page.locator('[data-home-section]').first().waitFor();
    expect(await page.title()).toBe('Tessera Demo');
    expect(await hasNoSideScroll(page)).toBe(true);
    await context.close();
  });

  it('fits a phone and turns the side menu into a drawer', async () => {
    const { context, page } = await open('/', 'phone');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).waitFor();
    const drawer = page.locator('[data-shell="side-menu"]');
    expect(await drawer.isVisible()).toBe(false);
    expect(await hasNoSideScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('sends /member without a session token to /login, which opens the login popup on the home lobby', async () => {
    const { context, page } = await open('/member');
    const dialog = page.locator('dialog[data-dialog="login"]');
    await dialog.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await dialog.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('opens /member with a session token', async () => {
    const { token } = await memberApi(server).registerByMobile('81190001', 'Secret123');
    const { context, page } = await newPage(browser);
    await context.addInitScript((value) => sessionStorage.setItem('token', value), token);
    await page.goto(`${server.url}/member`);
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/member');
    await context.close();
  });

  it('sends /member with a token the server no longer knows to the login popup, clearing it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/`);
    await page.evaluate(() => sessionStorage.setItem('token', 'a-stale-token'));
    await page.goto(`${server.url}/member`);
    await page.locator('dialog[data-dialog="login"]').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('keeps the dialog open on an outside click, locks the page and gives the scroll position back', async () => {
    const { context, page } = await open('/', 'phone');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The lobby's sections have arrived, so the page is tall enough to scroll and no longer grows above the fold.
    await page.locator('[data-home-section]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForFunction(() => window.scrollY === 150);
    // A real pointer click where the button is: a locator click would first scroll the sticky header into view.
    const box = await page
      .locator('[data-shell="header"]')
      .getByRole('button', { name: 'Register', exact: true })
      .boundingBox();
    if (!box) throw new Error('the header has no register button');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.locator('dialog[data-dialog="register"]');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => getComputedStyle(document.body).position)).toBe('fixed');
    await page.mouse.click(8, 830);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.scrollY)).toBe(150);
    await context.close();
  });

  it('gives the page back when the browser closes a dialog by itself, without a cancel event', async () => {
    const { context, page } = await open('/', 'phone');
    await page.locator('[data-home-section]').first().waitFor();
    await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.locator('dialog[data-dialog="login"]');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => getComputedStyle(document.body).position)).toBe('fixed');
    // What Chromium does on a second Esc with no user activation in between: close, and no cancel event.
    await page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog[data-dialog="login"]')?.close());
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).position)).toBe('static');
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForFunction(() => window.scrollY === 150);
    await context.close();
  });

  it('shows the agent pages in their own layout, without header, side menu or footer', async () => {
    const { context, page } = await open('/agent');
    await page.getByRole('heading', { level: 1, name: 'Agent Center' }).waitFor();
    expect(await count(page, '[data-shell="agent-layout"]')).toBe(1);
    expect(await count(page, '[data-shell="header"]')).toBe(0);
    expect(await count(page, '[data-shell="side-menu"]')).toBe(0);
    expect(await count(page, '[data-shell="footer"]')).toBe(0);
    await context.close();
  });

  it('shows /seamless without footer or side menu, and the lottery pages without side menu', async () => {
    const { context, page } = await open('/seamless');
    await page.getByRole('heading', { level: 1, name: 'Game Center' }).waitFor();
    expect(await count(page, '[data-shell="header"]')).toBe(1);
    expect(await count(page, '[data-shell="footer"]')).toBe(0);
    expect(await count(page, '[data-shell="side-menu"]')).toBe(0);
    await context.close();

    const { token } = await memberApi(server).registerByMobile('81190002', 'Secret123');
    const lottery = await newPage(browser);
    await lottery.context.addInitScript((value) => sessionStorage.setItem('token', value), token);
    await lottery.page.goto(`${server.url}/vnLottery?gameCode=VN1`);
    await lottery.page.getByRole('heading', { level: 1, name: 'Vietnam Lottery' }).waitFor();
    expect(await count(lottery.page, '[data-shell="footer"]')).toBe(1);
    expect(await count(lottery.page, '[data-shell="side-menu"]')).toBe(0);
    await lottery.context.close();
  });

  it('sends an unknown address to the home lobby', async () => {
    const { context, page } = await open('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('switches to Arabic, right to left, and remembers it across a reload', async () => {
    const { context, page } = await open('/');
    await page.locator('[data-shell="side-menu"] select[data-language-select]').selectOption('AR');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Tessera Demo' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
      'AR',
      'EN',
    ]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Tessera Demo' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    await context.close();
  });

  it('remembers the chosen theme across a reload', async () => {
    const { context, page } = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('[data-shell="header"] [data-theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });
});
