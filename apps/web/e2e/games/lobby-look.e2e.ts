import { launchBrowser, startTestServer, type TestServer, VIEWPORTS } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { screenshotPath } from '../support/screenshots';
import { signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // With the demo's banners, ticker and announcements: the first screen as a visitor meets it.
  server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const homeCards = (page: Page) => page.locator('[data-home-lobby] article[data-game]');

/** The first game card's picture lies whole inside the first screen (nothing scrolled). */
const firstArtInView = (page: Page) =>
  homeCards(page)
    .first()
    .evaluate((card) => {
      const art = card.querySelector('img')?.getBoundingClientRect();
      return art ? art.top >= 0 && art.bottom <= window.innerHeight && art.height > 60 : false;
    });

const openHome = async (viewport: keyof typeof VIEWPORTS) => {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-US',
  });
  // The announcements were read (their order has its own journey): this one looks at what lies under them.
  await context.addInitScript(() => {
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    sessionStorage.setItem('USER_POPUP', 'closed');
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await homeCards(page).first().waitFor();
  return { context, page };
};

describe('the lobby a first visitor meets', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows games on the first screen at ${VIEWPORTS[viewport].width} px, before and after login`, async () => {
      const { context, page } = await openHome(viewport);
      expect(await firstArtInView(page)).toBe(true);
      // The visitor's welcome is one slim block, with its two ways in.
      const welcome = page.locator('[data-welcome]');
      expect(await welcome.getByRole('button').count()).toBe(2);
      expect((await welcome.boundingBox())?.height ?? 999).toBeLessThan(viewport === 'phone' ? 150 : 100);
      await page.screenshot({ path: screenshotPath(`lobby-first-screen-${viewport}.png`) });

      const username = `Look${viewport === 'phone' ? 'P' : 'D'}${Date.now() % 100000}`;
      await memberApi(server).registerByUsername(username, 'Secret123', viewport === 'phone' ? '81230001' : '81230002');
      await signInMember(page, username);
      // A member has no empty welcome box; the games move up, and the page keeps its heading for screen readers.
      expect(await page.locator('[data-welcome]').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera Demo' }).count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await firstArtInView(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`lobby-first-screen-member-${viewport}.png`) });
      await context.close();
    });
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`fetches the first banner once at ${VIEWPORTS[viewport].width} px, in the rendition its width takes`, async () => {
      const { context, page } = await openHome(viewport);
      const lead = page.locator('img[fetchpriority="high"]').first();
      await expect.poll(() => lead.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
      const picked = await lead.evaluate((image: HTMLImageElement) => image.currentSrc);
      // A phone at DPR 1 shows the banner 358 px wide: the 480 px rendition; a desktop the picture itself.
      expect(new URL(picked).searchParams.get('w')).toBe(viewport === 'phone' ? '480' : null);
      // What crossed the network for it: the page's preload, and nothing more (the carousel's loop copy of the first
      // slide, when it loads, comes from the cache).
      const fetched = await page.evaluate(
        (url) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name === url && (entry as PerformanceResourceTiming).transferSize > 0)
            .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        picked,
      );
      expect(fetched).toEqual(['link']);
      await context.close();
    });
  }

  it('draws every game its own illustrated tile, and every provider a logo that fits', async () => {
    const { context, page } = await openHome('desktop');
    const sources = await homeCards(page).evaluateAll((cards) =>
      cards.slice(0, 12).map((card) => ({
        name: card.getAttribute('aria-label') ?? '',
        src: card.querySelector('img')?.getAttribute('src') ?? '',
      })),
    );
    expect(sources.length).toBeGreaterThanOrEqual(6);
    const drawings = new Set<string>();
    for (const { name, src } of sources) {
      expect(src).toMatch(/^\/media\/games\/\d+\/\d\.svg\?v=/);
      const svg = await (await fetch(`${server.url}${src}`)).text();
      // The game's name is drawn on its tile, over an emblem (the drop-shadowed group), not two initials.
      expect(svg).toContain(`<title>${name.replace(/&/g, '&amp;').replace(/'/g, '&apos;')}</title>`);
      expect(svg).toContain('filter="url(#s)"');
      drawings.add(svg.replace(/<title>.*?<\/title>|<text[^>]*>.*?<\/text>/g, ''));
    }
    // Different games, different pictures.
    expect(drawings.size).toBeGreaterThanOrEqual(Math.min(sources.length, 6) - 1);
    // Every picture on the first screen has loaded.
    const broken = await homeCards(page).evaluateAll(
      (cards) =>
        cards
          .slice(0, 6)
          .map((card) => card.querySelector('img'))
          .filter((img) => img?.complete && img.naturalWidth === 0).length,
    );
    expect(broken).toBe(0);

    // A category's providers: each logo loads, and its text fits inside it.
    await page.goto(`${server.url}/rng`);
    const logos = page.locator('[data-vendor-strip] img');
    await logos.first().waitFor();
    const logoSources = await logos.evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(logoSources.length).toBeGreaterThan(5);
    for (const src of logoSources) {
      const svg = await (await fetch(`${server.url}${src}`)).text();
      for (const match of svg.matchAll(/font-size="(\d+)"[^>]*>([^<]+)</g)) {
        expect((match[2] ?? '').length * Number(match[1]) * 0.74).toBeLessThanOrEqual(97);
      }
    }
    await page.locator('[data-vendor-strip]').screenshot({ path: screenshotPath('lobby-provider-logos.png') });
    await context.close();
  });

  it("shows the winners board from the first visit, the demo's seeded wins labelled as such", async () => {
    const { context, page } = await openHome('phone');
    // The board is drawn when it nears the screen: the foot of the lobby.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const board = page.locator('[data-winners-board]');
    await board.waitFor();
    const winners = board.locator('[data-winner]');
    expect(await winners.count()).toBeGreaterThanOrEqual(7);
    // Nobody has played on this fresh site: every entry is the demo's, and says so.
    expect(await board.locator('[data-winner-demo]').count()).toBe(await winners.count());
    expect(await board.locator('[data-winner-demo]').first().textContent()).toBe('Demo');
    await board.scrollIntoViewIfNeeded();
    await board.screenshot({ path: screenshotPath('lobby-winners-board-phone.png') });
    await context.close();
  });
});
