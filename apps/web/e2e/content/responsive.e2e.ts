import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;

beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
  api = memberApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * What sticks out of the page sideways: the page scrolls horizontally, or an element that no scrolling or clipping
 * box holds (a carousel or a strip scrolls inside its own box) reaches past either edge.
 */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const heldByABox = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed' || heldByABox(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      outside.push(`${name} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
    }
    return { pageScrolls: document.documentElement.scrollWidth > width, outside: outside.slice(0, 8) };
  });

const visitorPaths = [
  '/',
  '/rng',
  '/live',
  '/sports',
  '/inHouse',
  '/inHouse/verify',
  '/promotions',
  '/redEnvelope',
  '/appDownload',
  '/lines',
  '/agent',
];
const memberPaths = ['/member', '/favorite', '/recent'];

/** Opens each path in turn and collects what overflows, so one run names every page that breaks. */
const overflowingPages = async (page: Page, paths: string[]) => {
  const broken: string[] = [];
  for (const path of paths) {
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-shell="header"], [data-shell="agent-layout"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const { pageScrolls, outside } = await overflowOf(page);
    if (pageScrolls || outside.length > 0)
      broken.push(`${path}: ${pageScrolls ? 'page scrolls sideways; ' : ''}${outside.join(', ')}`);
  }
  return broken;
};

describe.each([
  { width: 360, height: 740, language: 'EN' },
  { width: 360, height: 740, language: 'AR' },
  { width: 1920, height: 1080, language: 'EN' },
])('every page fits $width px in $language', ({ width, height, language }) => {
  const open = async () => {
    const { context, page } = await newPage(browser, { viewport: width < 640 ? 'phone' : 'desktop' });
    await page.setViewportSize({ width, height });
    await context.addInitScript(() => {
      sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
      sessionStorage.setItem('USER_POPUP', 'closed');
    });
    await page.goto(`${server.url}/`);
    await page.locator('[data-shell="header"]').waitFor();
    return { context, page };
  };

  /** The language is chosen as the language select stores it; the next page load starts in it. */
  const chooseLanguage = async (page: Page) => {
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(language === 'AR' ? 'rtl' : 'ltr');
  };

  it('as a visitor', async () => {
    const { context, page } = await open();
    await chooseLanguage(page);
    expect(await overflowingPages(page, visitorPaths)).toEqual([]);
    await context.close();
  });

  it('as a member', async () => {
    const username = `Fit${width}${language}`;
    await api.registerByUsername(username, 'Secret123', `8119${width === 360 ? 1 : 2}${language === 'AR' ? 1 : 0}01`);
    const { context, page } = await open();
    // The sign-in helper reads the popup's English labels: sign in first, then switch.
    await signInMember(page, username);
    await chooseLanguage(page);
    expect(await overflowingPages(page, memberPaths)).toEqual([]);
    await context.close();
  });
});
