import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type GatewayApp } from '../src/app';
import { sign } from '../src/signature';

/**
 * The hosted page in Debian's Chromium: the strict CSP lets its own CSS and script run and the form redirect
 * to the merchant, the inputs format while typing, and the layout fits from 360 to 1440 px.
 */

const MERCHANT = { id: 'demo', secret: 'sandbox-demo-secret' };
let browser: Browser;
let gateway: GatewayApp;
let merchantSite: Server;
let gatewayBase = '';
let merchantBase = '';
let dataDir = '';
let order = 0;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-gateway-e2e-'));
  // The merchant's site and callback endpoint; a different origin from the gateway, as in production.
  merchantSite = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>merchant</title><p id="landed">${request.url?.replace(/[<>&"]/g, '')}</p>`);
  });
  merchantBase = await listen(merchantSite);
  gateway = await buildApp({ merchants: [MERCHANT], publicUrl: 'http://unused.test', dataDir, logLevel: 'silent' });
  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  gatewayBase = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.app.close();
  await new Promise<void>((resolve) => (merchantSite ? merchantSite.close(() => resolve()) : resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

const newPayment = async (description = 'Deposit D8F3K2'): Promise<string> => {
  order += 1;
  const body = JSON.stringify({
    merchantOrderId: `E2E${order}`,
    amount: '10000',
    currency: 'USD',
    description,
    callbackUrl: `${merchantBase}/callback`,
    returnUrl: `${merchantBase}/member?page=depositv2&order=E2E${order}`,
  });
  const response = await fetch(`${gatewayBase}/api/payments`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-gateway-merchant': MERCHANT.id,
      'x-gateway-signature': sign(MERCHANT.secret, body),
    },
  });
  const { paymentId } = (await response.json()) as { paymentId: string };
  return `${gatewayBase}/pay/${paymentId}`;
};

/** A page that records console errors (CSP violations are reported there). */
const openPage = async (width: number): Promise<{ page: Page; problems: string[] }> => {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
};

describe('hosted payment page in Chromium', () => {
  it('formats the card while typing, pays, and lands on the merchant’s returnUrl with the status', async () => {
    const { page, problems } = await openPage(390);
    const url = await newPayment();
    await page.goto(url);
    expect(await page.locator('.amount').textContent()).toBe('$100.00');
    // The stylesheet applied (the CSP allowed it): the button has the accent background.
    expect(await page.locator('button[type=submit]').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(59, 73, 223)',
    );
    await page.locator('#number').pressSequentially('4242424242424242');
    await page.locator('#expiry').pressSequentially('1230');
    await page.locator('#cvc').pressSequentially('12345');
    await page.locator('#name').fill('Ada Lovelace');
    expect(await page.locator('#number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.locator('#expiry').inputValue()).toBe('12/30');
    expect(await page.locator('#cvc').inputValue()).toBe('123');

    await Promise.all([page.waitForURL(`${merchantBase}/**`), page.locator('button[type=submit]').click()]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('succeeded');
    expect(new URL(page.url()).searchParams.get('order')).toMatch(/^E2E\d+$/);

    // Back to the form and submit it again: the outcome, nothing charged again.
    await page.goBack();
    await page.goto(url);
    expect(await page.locator('h1').textContent()).toBe('Payment successful');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows field errors from the server and declines the declined card', async () => {
    const { page, problems } = await openPage(360);
    await page.goto(await newPayment());
    await page.locator('#number').fill('4111 1111 1111 1111');
    await page.locator('button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('#number-error').textContent()).toContain('This card number is not valid.');
    expect(await page.locator('#number').evaluate((input) => input === document.activeElement)).toBe(true);

    await page.locator('#number').fill('4000 0000 0000 0002');
    await page.locator('#expiry').fill('12/30');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Ada Lovelace');
    await Promise.all([page.waitForURL(`${merchantBase}/**`), page.locator('button[type=submit]').click()]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([360, 768, 1024, 1440])(
    'fits %i px without horizontal scrolling, even with a long description',
    async (width) => {
      const { page, problems } = await openPage(width);
      await page.goto(await newPayment(`Deposit ${'W'.repeat(150)}`));
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
      const button = await page.locator('button[type=submit]').boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= width).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );
});
