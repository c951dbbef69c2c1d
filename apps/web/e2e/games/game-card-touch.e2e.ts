import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/screenshots';

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

describe('game cards on a phone', () => {
  it('show play and free trial in full, one above the other, with no stray icon', async () => {
    // A phone: a touch screen without hover, where the card's buttons sit under its name.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/rng`);
    const card = page.locator('[data-lobby] article[data-game]').filter({ hasText: 'Free Trial' }).first();
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('game-card-touch-phone.png') });
    const boxes = await card.evaluate((article) => {
      const box = (element: Element | null) => {
        if (!(element instanceof HTMLElement)) return null;
        const rect = element.getBoundingClientRect();
        return {
          top: rect.top,
          width: rect.width,
          cut: element.scrollWidth > element.clientWidth,
          iconShown: Array.from(element.querySelectorAll('svg')).some(
            (svg) => getComputedStyle(svg).display !== 'none',
          ),
        };
      };
      const buttons = article.querySelectorAll('button:not([aria-pressed])');
      return {
        card: article.getBoundingClientRect().width,
        play: box(buttons[0] ?? null),
        trial: box(buttons[1] ?? null),
      };
    });
    if (!boxes.play || !boxes.trial) throw new Error('the card lacks its two buttons');
    // Both buttons span the card (less its padding), the trial below play, and neither text is cut.
    expect(boxes.play.width).toBeGreaterThan(boxes.card * 0.8);
    expect(boxes.trial.width).toBeCloseTo(boxes.play.width, 0);
    expect(boxes.trial.top).toBeGreaterThan(boxes.play.top);
    expect([boxes.play.cut, boxes.trial.cut]).toEqual([false, false]);
    expect(boxes.play.iconShown).toBe(false);
    await context.close();
  });
});
