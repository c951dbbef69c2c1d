import { adminContentEndpoints, adminEndpoints, buildPath } from '@tessera/contracts';
import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdminApi } from '../support/admin-api';
import { signIn, signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;

const BANNER_TITLE = 'Spring cup: double points';
const POPUP_TITLE = 'Welcome, visitor';
const POPUP_TEXT = 'Register today.\nYour first deposit is doubled.';
const shot = (name: string) => `/tmp/content-admin-${name}.png`;

beforeAll(async () => {
  // No demo content: the journey's items are the only ones, so the member site shows exactly what it made.
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: 'desktop' }));
  await signInAsOwner(page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const contentRows = () =>
  server.query<{ kind: string; language: string; data: Record<string, unknown> }>(
    'SELECT kind, language, data FROM content_items ORDER BY created_at',
  );
const contentAudit = () =>
  server.query<{ action: string; operator_username: string; merchant_code: string; target: string; details: never }>(
    "SELECT action, operator_username, merchant_code, target, details FROM audit_log WHERE action LIKE 'content.%' ORDER BY id",
  );

const form = () => page.locator('form[data-content-form]');
/** A field of the editor by its label (required ones end in an asterisk). */
const field = (label: string) => form().getByLabel(new RegExp(`^${label}\\*?$`));
const fieldError = (id: string) => page.locator(`[id="${id}-error"]`);
const preview = () => page.locator('[data-content-preview]');

/** Plain text with its line breaks drawn as breaks, as the site shows it. */
const keepsLineBreaks = (element: Element) => ['pre-line', 'pre-wrap'].includes(getComputedStyle(element).whiteSpace);

/** A real PNG drawn by the browser's canvas (1200 x 400, the home carousel's shape). */
const drawPng = async (): Promise<Buffer> => {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const gradient = context.createLinearGradient(0, 0, 1200, 400);
    gradient.addColorStop(0, '#3b1d8f');
    gradient.addColorStop(1, '#e0457b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 400);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
};

describe('site content in the back office', () => {
  it('opens the Content section for the demo merchant in its default language', async () => {
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    await page.getByRole('heading', { name: 'Site content' }).waitFor();
    expect(await page.locator('[data-content-language]').inputValue()).toBe('EN');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Banners',
      'Ticker notices',
      'Popups',
      'Promotions',
      'Help centre',
      'Footer',
    ]);
    await page.getByText('Nothing of this kind in EN yet.', { exact: false }).waitFor();
  });

  it('shows every wrong field of a bad banner under the field, and creates nothing', async () => {
    await page.getByRole('button', { name: 'New banner' }).click();
    await field('On click').selectOption('URL');
    await field('Outside address').fill('javascript:alert(1)');
    await form().getByRole('button', { name: 'Create' }).click();

    await page.getByRole('alert').filter({ hasText: 'Some fields are not valid.' }).waitFor();
    expect(await fieldError('content.data.title').textContent()).toBe('Required.');
    expect(await fieldError('content.data.imageId').textContent()).toBe('Required.');
    expect(await fieldError('content.data.linkTarget').textContent()).toBe('Not valid.');
    expect(await field('Title').getAttribute('aria-invalid')).toBe('true');

    // A file that is not a picture goes to the server, which refuses it by its bytes.
    await field('Picture').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await page.locator('[data-upload-error="image_invalid"]').waitFor();
    expect(await page.locator('[data-upload-error]').textContent()).toBe('This file is not a PNG or JPEG picture.');

    expect(await contentRows()).toEqual([]);
    expect(await contentAudit()).toEqual([]);
  });

  it('creates a home banner with an uploaded picture, seen in the preview at the carousel’s shape', async () => {
    await field('Title').fill(BANNER_TITLE);
    // Typing clears the error at once (the form checks again on change after a failed submit).
    await fieldError('content.data.title').waitFor({ state: 'detached' });
    await field('Picture').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: await drawPng() });
    await page.getByText('Uploaded: 1200 × 400 px.').waitFor();
    await fieldError('content.data.imageId').waitFor({ state: 'detached' });
    await field('On click').selectOption('ROUTE');
    await field('Page of the site').fill('/promotions');

    const banner = preview().locator('[data-preview-banner="w_home"]');
    expect(await banner.locator('img').getAttribute('src')).toMatch(/^\/wps\/content\/images\/[0-9a-f-]{36}$/);
    expect(await banner.textContent()).toContain(BANNER_TITLE);
    const box = await banner.boundingBox();
    expect(Math.round((box?.width ?? 0) / (box?.height ?? 1))).toBe(3);
    await page.screenshot({ path: shot('banner-editor-1440'), fullPage: true });

    await form().getByRole('button', { name: 'Create' }).click();
    const row = page.locator('tr[data-content-item]');
    await row.getByText(BANNER_TITLE).waitFor();
    expect(await row.getAttribute('data-state')).toBe('live');
    expect(await row.getByText('Home carousel').count()).toBe(1);
    const rows = await contentRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'banner',
      language: 'EN',
      data: { group: 'w_home', title: BANNER_TITLE, linkageType: 'ROUTE', linkTarget: '/promotions' },
    });
  });

  it('creates a visitors’ popup whose preview keeps the line breaks, offers the promotion, and turns dark', async () => {
    await page.getByRole('tab', { name: 'Popups' }).click();
    await page.getByRole('button', { name: 'New popup' }).click();
    await field('Title').fill(POPUP_TITLE);
    await field('Text').fill(POPUP_TEXT);
    await field('Shown to').selectOption('B');
    await field('Promotion type').fill('FIRST_DEPOSIT');

    const text = preview().locator('[data-preview-text]');
    expect(await text.textContent()).toBe(POPUP_TEXT);
    expect(await text.evaluate(keepsLineBreaks)).toBe(true);
    await preview().getByText('Announcement popup · Visitors').waitFor();
    expect(await preview().locator('[data-preview-go]').textContent()).toBe('Go');
    await preview().getByRole('button', { name: 'Dark' }).click();
    const stage = preview().locator('[data-theme]');
    expect(await stage.getAttribute('data-theme')).toBe('dark');
    const background = await stage.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red + green + blue).toBeLessThan(200);
    await page.screenshot({ path: shot('popup-editor-dark-1440'), fullPage: true });

    await form().getByRole('button', { name: 'Create' }).click();
    await page.locator('tr[data-content-item]').getByText(POPUP_TITLE).waitFor();
    expect(await page.locator('tr[data-content-item]').getByText('Visitors').count()).toBe(1);
    await page.screenshot({ path: shot('popup-list-1440'), fullPage: true });
  });

  it('puts the new banner in the visitor’s home carousel and the popup before them', async () => {
    const { context, page: visitor } = await newPage(browser, { viewport: 'desktop' });
    await visitor.goto(`${server.url}/`);
    const popup = visitor.locator('dialog[data-dialog="announcement"]');
    await popup.waitFor();
    await popup.getByText(POPUP_TITLE).waitFor();
    const shown = popup.locator('[data-announcement] p');
    expect(await shown.textContent()).toBe(POPUP_TEXT);
    expect(await shown.evaluate(keepsLineBreaks)).toBe(true);
    await popup.getByRole('button', { name: 'Go', exact: true }).waitFor();
    await visitor.screenshot({ path: shot('member-popup-1440') });
    await popup.getByRole('button', { name: 'Close' }).click();

    const carousel = visitor.locator('[data-carousel]');
    await carousel.getByText(BANNER_TITLE).waitFor();
    const image = carousel.locator('img').first();
    expect(await image.getAttribute('src')).toMatch(/^\/wps\/content\/images\/[0-9a-f-]{36}$/);
    await visitor.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-carousel] img');
      return img?.complete === true && img.naturalWidth === 1200;
    });
    expect(await carousel.locator('a').first().getAttribute('href')).toBe('/promotions');
    await visitor.screenshot({ path: shot('member-home-1440') });
    await context.close();
  });

  it('recorded every change in the audit log, with the operator, the merchant and what was written', async () => {
    const audit = await contentAudit();
    expect(audit.map((row) => row.action)).toEqual(['content.image_upload', 'content.create', 'content.create']);
    for (const row of audit) expect(row).toMatchObject({ operator_username: 'owner', merchant_code: 'demo' });
    expect(audit[1]?.details).toMatchObject({
      kind: 'banner',
      language: 'EN',
      after: { content: { kind: 'banner', data: { title: BANNER_TITLE, imageId: audit[0]?.target } } },
    });
    expect(audit[2]?.details).toMatchObject({
      kind: 'popup',
      after: { content: { data: { title: POPUP_TITLE, execution: 'B', promotionType: 'FIRST_DEPOSIT' } } },
    });
  });

  it('switches an item off, and deletes one only after confirmation', async () => {
    const row = page.locator('tr[data-content-item]').filter({ hasText: POPUP_TITLE });
    await row.getByRole('switch', { name: `${POPUP_TITLE} enabled` }).click();
    await page.locator('tr[data-content-item][data-state="off"]').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`“${POPUP_TITLE}” (EN) leaves the site at once.`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await contentRows()).toHaveLength(2);

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing of this kind in EN yet.', { exact: false }).waitFor();
    expect((await contentRows()).map((item) => item.kind)).toEqual(['banner']);
    expect((await contentAudit()).slice(-2).map((item) => item.action)).toEqual(['content.update', 'content.delete']);
  });

  it('fits a phone: the list, and the editor with its preview under the form', async () => {
    const { context, page: phone } = await newPage(browser, { viewport: 'phone' });
    await signInAsOwner(phone, server.url);
    await phone.goto(`${server.url}/admin/merchants/demo/content?lang=EN&kind=banner`);
    await phone.locator('tr[data-content-item]').getByText(BANNER_TITLE).waitFor();
    await phone.screenshot({ path: shot('banner-list-390'), fullPage: true });
    await phone.locator('tr[data-content-item]').getByRole('button', { name: 'Edit' }).click();
    await phone.locator('[data-preview-banner="w_home"] img').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: shot('banner-editor-390'), fullPage: true });
    await context.close();
  });
});

describe('an operator without content rights', () => {
  it('has no Content section, is sent away from its address, and is refused by the API', async () => {
    const api = await signInAdminApi(server.url);
    const finance = { username: 'finance.desk', password: 'Finance-Desk-2026' };
    await api.createOperator({ ...finance, role: 'finance', displayName: 'Finance desk' });
    const { context, page: other } = await newPage(browser, { viewport: 'desktop' });
    await signIn(other, server.url, finance);
    expect(await other.getByRole('link', { name: 'Content', exact: true }).count()).toBe(0);
    await other.goto(`${server.url}/admin/merchants/demo/content`);
    await other.waitForURL(/\/admin\/merchants$/);
    await context.close();

    const login = await fetch(server.url + adminEndpoints.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(finance),
    });
    const token = ((await login.json()) as { value: { token: string } }).value.token;
    const listPath = buildPath(adminContentEndpoints.listContent.path, { code: 'demo' });
    const answer = await fetch(`${server.url}${listPath}?language=EN`, { headers: { Authorization: token } });
    expect(await answer.json()).toMatchObject({ success: false, errorCode: 'forbidden' });
  });
});
