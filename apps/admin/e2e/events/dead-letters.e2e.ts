import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSite } from '../support/member-site';
import { signInAsOwner } from '../support/sign-in';

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

describe('the back office shows failed event deliveries and sends one again', () => {
  it('lists a dead letter with its error, asks before sending it again, audits it, and the list empties', async () => {
    await memberSite(server).register({
      username: 'Deadletter1',
      password: 'Secret123',
      email: 'deadletter1@example.com',
      mobileNum: '91234568',
      countryDialingCode: '65',
    });
    const [event] = await server.query<{ id: string }>(
      "SELECT id::text FROM events WHERE name = 'member.registered' AND merchant_code = 'demo' ORDER BY id DESC LIMIT 1",
    );
    if (!event) throw new Error('no member.registered event');
    // A delivery that failed every attempt, as the dispatcher records one.
    await server.query(
      `INSERT INTO event_failures (subscriber, event_id, merchant_code, attempts, last_error, next_attempt_at, dead_at)
       VALUES ('agents.tree', $1, 'demo', 5, 'Error: connection reset', now(), now())
       ON CONFLICT (subscriber, event_id) DO UPDATE SET attempts = 5, dead_at = now()`,
      [event.id],
    );

    const { page } = await newPage(browser, { viewport: 'desktop' });
    await signInAsOwner(page, server.url);
    await page.locator('aside').getByRole('link', { name: 'Event deliveries' }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    const row = page.locator(`tr[data-dead-letter="agents.tree/${event.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('member.registered');
    expect(await row.textContent()).toContain('Error: connection reset');

    // Cancel changes nothing.
    await row.getByRole('button', { name: 'Send again' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();
    expect(await server.query("SELECT 1 FROM audit_log WHERE action = 'events.dead_letter_retry'")).toHaveLength(0);

    await row.getByRole('button', { name: 'Send again' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send again' }).click();
    await page.getByText('No dead letters: every event was handled.').waitFor();
    const audited = await server.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'events.dead_letter_retry'",
    );
    expect(audited).toEqual([{ target: `agents.tree/${event.id}` }]);
    // Delivered (or already delivered): no failure is left for it.
    await expect
      .poll(async () => (await server.query('SELECT 1 FROM event_failures WHERE event_id = $1', [event.id])).length)
      .toBe(0);
    await page.context().close();
  });
});
