import { createHash } from 'node:crypto';
import { crashPoint, generateChain } from '@tessera/engines';
import { launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { memberApi } from '../support/member-api';
import { moneyApi, waitForHeaderBalance } from '../support/money';
import { reconcileLedger } from '../support/reconcile';
import { screenshotPath } from '../support/screenshots';
import { openSite, signInToPlay } from '../support/site';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof memberApi>;
let money: ReturnType<typeof moneyApi>;

beforeAll(async () => {
  // Short windows keep the journey quick; the round loop runs in the server as in production.
  // Bets close 8 s after a round opens: the journey bets once it sees a round with at least 4 s left, which leaves a
  // loaded machine's browser time to fill the slip and send it within the window.
  server = await startTestServer({ env: { CRASH_BETTING_MS: '8000', CRASH_PAUSE_MS: '1000' } });
  browser = await launchBrowser();
  api = memberApi(server);
  money = moneyApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Games 1 … CHAIN_GAMES of the journey's chain all crash between these points (hundredths). */
const CHAIN_GAMES = 3;
/** The merchant that `startTestServer` seeds, as `npm start` does. */
const DEMO_MERCHANT = 'demo';
const LOWEST_POINT = 200;
const HIGHEST_POINT = 300;

/**
 * Gives the round loop a chain of its own for the journey, as the loop itself would store one: a seed, its
 * terminal hash and a salt, in `crash_chains` for the demo merchant. The loop opens each round from the merchant's
 * newest chain, so the next CHAIN_GAMES rounds are this chain's. The seed is the first of a fixed sequence
 * whose games all crash between 2.00× and 3.00×: a manual cash-out at 1.10× then always comes before the crash,
 * and the crash within 19 s of the start. Without it the journey waited for a lucky random round, and on a
 * slow machine sometimes none came in time. The loop then goes on with a random chain of its own, as usual.
 */
const giveLoopAKnownChain = async (): Promise<string> => {
  const salt = 'journey';
  let seed = '';
  let chain: ReturnType<typeof generateChain> | null = null;
  for (let i = 0; !chain; i += 1) {
    seed = createHash('sha256').update(`crash journey ${i}`).digest('hex');
    const candidate = generateChain(seed, CHAIN_GAMES);
    const points = candidate.gameHashes.map((hash) => crashPoint(hash, salt));
    if (points.every((point) => point >= LOWEST_POINT && point <= HIGHEST_POINT)) chain = candidate;
  }
  // Once the loop has opened a round, its first chain is stored, and ours comes after it.
  let hasRound = false;
  for (let wait = 0; wait < 600 && !hasRound; wait += 1) {
    hasRound = (await server.query('SELECT 1 FROM crash_rounds LIMIT 1')).length > 0;
    if (!hasRound) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!hasRound) throw new Error('the crash loop opened no round');
  const [inserted] = await server.query<{ id: string }>(
    `INSERT INTO crash_chains (merchant_code, seed, length, terminal_hash, salt)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
    [DEMO_MERCHANT, seed, CHAIN_GAMES, chain.terminalHash, salt],
  );
  if (!inserted) throw new Error('chain not stored');
  return inserted.id;
};

/** Waits, on the server's own database, for one of the chain's rounds taking bets for at least another 4 s. */
const waitForChainRound = async (chainId: string): Promise<{ id: string; crash_point: number }> => {
  for (let i = 0; i < 600; i += 1) {
    const [round] = await server.query<{ id: string; crash_point: number }>(
      `SELECT id::text, crash_point FROM crash_rounds
       WHERE chain_id = $1 AND status = 'betting' AND betting_ends_at > clock_timestamp() + interval '4 s'`,
      [chainId],
    );
    if (round) return round;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no round of chain ${chainId} opened`);
};

const multiplierShown = async (page: Page): Promise<number> =>
  Number.parseFloat((await page.getByTestId('crash-multiplier').textContent()) ?? '0');

describe('multiplayer crash', () => {
  it('bets in the window, keeps the open bet through a reload, cashes out on the rising curve and pays it', async () => {
    const chainId = await giveLoopAKnownChain();
    const { token } = await api.registerByUsername('Crash001', 'Secret123', '81180001');
    await money.creditByBankTransfer(token, '50');
    const { context, page } = await openSite(browser, server);
    await signInToPlay(page, 'Crash001');
    await page.goto(`${server.url}/inHouse?game=crash`);
    await waitForHeaderBalance(page, '50.00');
    await page.getByTestId('crash-board').waitFor();

    const round = await waitForChainRound(chainId);
    await page.getByTestId('crash-bet').filter({ hasText: 'Bet' }).waitFor();
    await page.getByLabel(/Stake/).fill('2.00');
    await page.getByLabel('Auto cash-out at').fill('');
    await page.getByTestId('crash-bet').click();
    await page.getByTestId('crash-my-bet').filter({ hasText: '2.00' }).waitFor();
    await waitForHeaderBalance(page, '48.00');
    const players = page.getByTestId('crash-players');
    await players.getByText('cr***1').waitFor();

    // The open bet lives on the server: a reload shows it again.
    await page.reload();
    await page.getByTestId('crash-my-bet').filter({ hasText: '2.00' }).waitFor();
    await page.getByTestId('crash-players').getByText('cr***1').waitFor();

    const cashOut = page.getByTestId('crash-cashout');
    await cashOut.waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      () => Number.parseFloat(document.querySelector('[data-testid="crash-multiplier"]')?.textContent ?? '0') >= 1.1,
    );
    await page.screenshot({ path: screenshotPath('inhouse-crash-running-desktop.png'), fullPage: true });
    const shownBefore = await multiplierShown(page);
    await cashOut.click();
    const result = page.getByTestId('crash-result');
    await result.waitFor();
    expect(await result.getAttribute('data-win')).toBe('true');

    const [bet] = await server.query<{ payout: string; stake: string; outcome: { cashedOutAt: number } }>(
      `SELECT r.payout::text, r.stake::text, r.outcome FROM inhouse_rounds r JOIN members m ON m.id = r.member_id
       WHERE m.username = 'crash001' AND r.game = 'crash'`,
    );
    const at = bet?.outcome.cashedOutAt ?? 0;
    // The server priced the cash-out on its clock: at least what the page showed, below the crash point.
    expect(at).toBeGreaterThanOrEqual(Math.round(shownBefore * 100));
    expect(at).toBeLessThan(round.crash_point);
    expect(bet?.payout).toBe(String(Math.floor((200 * at) / 100)));
    expect(await result.textContent()).toContain((Number(bet?.payout) / 100).toFixed(2));
    await waitForHeaderBalance(page, ((5000 - 200 + Number(bet?.payout)) / 100).toFixed(2));
    await players.locator('tr[data-status="won"]').getByText('cr***1').waitFor();

    // After the crash: the round's hash is revealed, the recall and the fairness panel show it.
    await page.getByTestId('crash-multiplier').and(page.locator('[data-phase="crashed"]')).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('inhouse-crash-crashed-desktop.png'), fullPage: true });
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByTestId('recall-table').getByText('2.00').first().waitFor();
    await page.getByRole('tab', { name: 'Fairness' }).click();
    const [chain] = await server.query<{ terminal_hash: string }>(
      `SELECT c.terminal_hash FROM crash_chains c JOIN crash_rounds r ON r.chain_id = c.id WHERE r.id = $1`,
      [round.id],
    );
    await page
      .getByTestId('crash-terminal-hash')
      .filter({ hasText: chain?.terminal_hash ?? '' })
      .waitFor();
    expect(await seriousViolations(page, 'section[aria-labelledby="page-title"]')).toEqual([]);
    await page.screenshot({ path: screenshotPath('inhouse-crash-fairness-desktop.png'), fullPage: true });

    // The verifier recomputes the round's point and walks its hash to the published terminal hash.
    await page.getByTestId('crash-verify-round').first().click();
    const verdict = page.getByTestId('verify-result');
    await verdict.filter({ hasText: '✓' }).waitFor();
    expect(await verdict.textContent()).toMatch(/\d+\.\d{2}×/);
    await context.close();
    const reconciled = reconcileLedger(server);
    expect(reconciled.status, reconciled.output).toBe(0);
  }, 240_000);

  it('shows the round to a visitor on a phone', async () => {
    const { context, page } = await openSite(browser, server, '/inHouse?game=crash', 'phone');
    await page.getByTestId('crash-board').waitFor();
    await page.getByTestId('crash-multiplier').and(page.locator('[data-phase="running"]')).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => Number.parseFloat(document.querySelector('[data-testid="crash-multiplier"]')?.textContent ?? '0') >= 1.05,
      undefined,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: screenshotPath('inhouse-crash-phone.png'), fullPage: true });
    // Nothing is wider than the phone, down to 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath('inhouse-crash-360.png') });
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByTestId('rtp').filter({ hasText: '99.00%' }).waitFor();
    await page.getByTestId('crash-odds').waitFor();
    await page.screenshot({ path: screenshotPath('inhouse-crash-rules-phone.png'), fullPage: true });
    await context.close();
  }, 120_000);
});
