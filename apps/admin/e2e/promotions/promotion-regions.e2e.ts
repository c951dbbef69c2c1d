import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOwner } from '../support/sign-in';

/**
 * A promotion's regions in the back office (decision 0140): the owner searches the country list by name, ticks
 * Singapore and Malaysia, removes one by its chip, saves; the promotion stores the code and the audit log has it;
 * reopening shows the chosen region. On a phone the editor's region list fits the width. The red-envelope editor has
 * the same picker (decision 0142): a region ticked there is saved on the envelope.
 */

let server: TestServer;
let browser: Browser;
let page: Page;

const TITLE = 'Singapore weekend';
const SHOTS = '/tmp/tessera-screenshots/promotion-regions';
const editor = () => page.locator('[data-promotion-editor]');
const picker = () => editor().locator('[data-region-picker]');
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a promotion's regions", () => {
  it('are picked by searching the country list, shown as chips, saved as codes and audited', async () => {
    await page.goto(`${server.url}/admin/merchants/demo/promotions`);
    await page.getByRole('button', { name: 'New promotion' }).click();
    await editor().waitFor();
    await editor().getByLabel('Kind', { exact: true }).selectOption('daily_login');
    await editor()
      .locator('[data-language="EN"]')
      .getByLabel(/^Title/)
      .fill(TITLE);
    await editor()
      .getByLabel(/^Fixed bonus/)
      .fill('2');
    expect(await picker().locator('legend').textContent()).toBe('Regions');
    expect(await picker().textContent()).toContain('Any region');

    const search = picker().getByRole('searchbox', { name: 'Search countries by name or code' });
    await search.fill('singa');
    expect(await picker().getByRole('checkbox').count()).toBe(1);
    await picker()
      .getByRole('checkbox', { name: /Singapore/ })
      .check();
    await search.fill('MY');
    await picker()
      .getByRole('checkbox', { name: /Malaysia/ })
      .check();
    await search.fill('no such country');
    await picker().getByText('No country matches.').waitFor();
    await search.fill('');
    expect(
      await picker()
        .locator('[data-region]')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-region'))),
    ).toEqual(['MY', 'SG']);
    // The whole form from the top (a full-page shot of a scrolled page draws the fixed shell mid-page).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}-editor-1440.png`, fullPage: true });
    await picker().getByRole('button', { name: 'Remove Malaysia' }).click();
    expect(
      await picker()
        .getByRole('checkbox', { name: /Malaysia/ })
        .isChecked(),
    ).toBe(false);

    await editor().getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Promotion "${TITLE}" saved.` })
      .waitFor();
    const rows = await server.query<{ id: string; regions: string[] }>(
      "SELECT id, regions FROM promotions WHERE merchant_code = 'demo' AND texts->'EN'->>'title' = $1",
      [TITLE],
    );
    expect(rows.map((r) => r.regions)).toEqual([['SG']]);
    const [audit] = await server.query<{ details: { after: { regions: string[] } } }>(
      "SELECT details FROM audit_log WHERE action = 'promotion.create' AND target = $1",
      [`promotion:${rows[0]?.id}`],
    );
    expect(audit?.details.after.regions).toEqual(['SG']);

    // Reopened, the editor shows the saved region.
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    await editor().waitFor();
    expect(
      await picker()
        .locator('[data-region]')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-region'))),
    ).toEqual(['SG']);

    const phone = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(phone.page, server.url);
    await phone.page.goto(`${server.url}/admin/merchants/demo/promotions`);
    await phone.page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    await phone.page.locator('[data-region-picker] [data-region="SG"]').waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await phone.page.locator('[data-region-picker]').screenshot({ path: `${SHOTS}-picker-390.png` });
    await phone.context.close();
  });
});

describe("a red envelope's regions", () => {
  it('are picked with the same picker in the red-envelope editor and saved on the envelope', async () => {
    const title = 'Thai new year envelope';
    await page.goto(`${server.url}/admin/merchants/demo/promotions?tab=redEnvelopes`);
    await page.getByRole('button', { name: 'New red envelope' }).click();
    const envelopeEditor = page.locator('[data-red-envelope-editor]');
    await envelopeEditor.waitFor();
    await envelopeEditor
      .locator('[data-language="EN"]')
      .getByLabel(/^Title/)
      .fill(title);
    await envelopeEditor.getByLabel(/^Total/).fill('50');
    const envelopePicker = envelopeEditor.locator('[data-region-picker]');
    expect(await envelopePicker.textContent()).toContain('may open it');
    await envelopePicker.getByRole('searchbox', { name: 'Search countries by name or code' }).fill('thai');
    await envelopePicker.getByRole('checkbox', { name: /Thailand/ }).check();
    await envelopePicker.locator('[data-region="TH"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}-envelope-editor-1440.png`, fullPage: true });
    await envelopeEditor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Red envelope "${title}" saved.` })
      .waitFor();
    const rows = await server.query<{ regions: string[] }>(
      "SELECT regions FROM red_envelopes WHERE merchant_code = 'demo' AND texts->'EN'->>'title' = $1",
      [title],
    );
    expect(rows.map((r) => r.regions)).toEqual([['TH']]);
  });
});
