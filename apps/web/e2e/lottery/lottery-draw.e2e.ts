import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInMember } from '../support/site';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The server's own draw timer runs: FAST1 draws every minute on the real clock (nothing is shortened or faked).
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const wire = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;

/** Waits until the open draw still takes bets for at least 8 s (a purchase must not race the close). */
const waitForOpenBetting = async (page: Page) => {
  await page.waitForFunction(
    () => {
      const countdown = document.querySelector('[data-lottery-game] [data-countdown]');
      const phase = countdown?.previousElementSibling?.textContent ?? '';
      const [m = '0', s = '0'] = (countdown?.textContent ?? '00:00').split(':');
      return phase.includes('betting closes in') && Number(m) * 60 + Number(s) >= 8;
    },
    undefined,
    { timeout: 90_000, polling: 500 },
  );
};

describe('the lottery', () => {
  it('a member buys a FAST1 ticket, the draw arrives live, the ticket settles, the balance follows and the draw verifies', {
    timeout: 300_000,
  }, async () => {
    const { member } = await memberApi(server).registerByUsername('Lotter001', 'Secret123', '81790001');
    await moneyApi(server).adjust(member.id, '100.00');

    const { context, page } = await openSite(browser, server, '/');
    await signInMember(page, 'Lotter001');
    await waitForHeaderBalance(page, '100.00');

    // The lobby: each game with its countdown and last result.
    await page.goto(`${server.url}/lottery`);
    const card = page.locator('[data-lottery-card="FAST1"]');
    await card.waitFor();
    await expect(page.locator('[data-lottery-card]').count()).resolves.toBe(3);
    await card.locator('[data-countdown]').waitFor();
    await page.screenshot({ path: screenshotPath('lottery-lobby-1440.png'), fullPage: true });

    await card.getByRole('link', { name: 'Play' }).click();
    await page.locator('[data-lottery-game="FAST1"]').waitFor();

    // A stake below the game's limit is refused with its code and a message on the line; nothing is held.
    await page.getByRole('button', { name: 'Sum big/small', exact: true }).click();
    await page.getByRole('button', { name: 'Big', exact: true }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByLabel('Stake').fill('0.01');
    await waitForOpenBetting(page);
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await page.getByText("The stake is outside this game's limits.").waitFor();
    await page.locator('[data-slip-line] [role="alert"]').waitFor();
    await waitForHeaderBalance(page, '100.00');

    // Quick pick fills a complete selection (a straight 5 line, removed again).
    await page.getByRole('button', { name: 'Straight 5', exact: true }).click();
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await expect(page.locator('[data-slip-line]').count()).resolves.toBe(2);
    await expect(page.locator('[data-slip-line]').nth(1).textContent()).resolves.toMatch(/Straight 5 · \d \d \d \d \d/);
    await page.locator('[data-slip-line]').nth(1).getByRole('button', { name: 'Remove' }).click();

    // The real purchase: sum big at 10.00, the slip's total shown.
    await page.getByLabel('Stake').fill('10.00');
    await expect(page.locator('[data-slip-total]').textContent()).resolves.toBe('10.00 USD');
    await page.screenshot({ path: screenshotPath('lottery-betting-1440.png'), fullPage: true });
    await waitForOpenBetting(page);
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await page.getByText('Tickets bought. Good luck!').waitFor();
    await waitForHeaderBalance(page, '90.00');
    const pending = page.locator('[data-my-tickets] [data-ticket="pending"]');
    await pending.waitFor();
    const drawNo = ((await pending.locator('td').first().textContent()) ?? '').trim();
    expect(drawNo).toMatch(/^\d+$/);

    // The draw arrives over the realtime topic: the ticket settles without a reload.
    const settled = page.locator('[data-my-tickets] tr[data-ticket="won"], [data-my-tickets] tr[data-ticket="lost"]');
    await settled.waitFor({ timeout: 150_000 });
    const status = await settled.getAttribute('data-ticket');
    const drawn = (await settled.locator('[data-numbers]').getAttribute('data-numbers')) ?? '';
    expect(drawn).toMatch(/^\d{5}$/);
    const sum = [...drawn].reduce((total, digit) => total + Number(digit), 0);
    expect(status).toBe(sum >= 23 ? 'won' : 'lost');

    const [ticket] = await server.query<{ odds: number; payout: string; status: string }>(
      `SELECT t.odds, t.payout::text, t.status FROM lottery_tickets t JOIN members m ON m.id = t.member_id
       WHERE m.username = 'lotter001'`,
    );
    expect(ticket?.status).toBe(status);
    const payout = status === 'won' ? (1000n * BigInt(ticket?.odds ?? 0)) / 100n : 0n;
    expect(BigInt(ticket?.payout ?? -1)).toBe(payout);
    await waitForHeaderBalance(page, wire(9000n + payout));
    if (status === 'won') await expect(settled.textContent()).resolves.toContain(wire(payout));

    // The results history: the draw with its commitment and seed, recomputed in the browser.
    await page.getByRole('tab', { name: 'Results' }).click();
    const draw = page.locator(`[data-results] [data-draw="${drawNo}"]`);
    await draw.waitFor();
    await expect(draw.locator('[data-numbers]').getAttribute('data-numbers')).resolves.toBe(drawn);
    await draw.getByRole('button', { name: 'Verify' }).click();
    await draw.locator('[data-verify="ok"]').waitFor();
    await expect(draw.locator('[data-verify]').textContent()).resolves.toContain([...drawn].join(' '));

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.locator('[data-rules] td').filter({ hasText: '%' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('lottery-rules-1440.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Bet' }).click();
    await page.screenshot({ path: screenshotPath('lottery-betting-390.png'), fullPage: true });
    await page.goto(`${server.url}/lottery`);
    await page.locator('[data-lottery-card="FAST1"]').waitFor();
    await page.screenshot({ path: screenshotPath('lottery-lobby-390.png'), fullPage: true });
    await context.close();

    const reconcile = reconcileLedger(server);
    expect(reconcile.status, reconcile.output).toBe(0);
  });
});
