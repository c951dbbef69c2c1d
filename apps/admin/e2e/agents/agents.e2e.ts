import { launchBrowser, newPage, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOwner } from '../support/sign-in';

let server: TestServer;
let browser: Browser;
let page: Page;
const SHOTS = '/tmp/tessera-screenshots/admin-agents';

/** A demo member (no password anyone uses), straight into the members table: the journey starts at the queue. */
const member = async (username: string, uplineId: string | null = null): Promise<string> => {
  const rows = await server.query<{ id: string }>(
    `INSERT INTO members (merchant_code, username, account, password_hash, nickname, referral_code, upline_id)
     VALUES ('demo', lower($1), $1, 'x', $1, upper(substr(md5($1), 1, 8)), $2) RETURNING id`,
    [username, uplineId],
  );
  return rows[0]?.id ?? '';
};
const apply = (memberId: string, account: string) =>
  server.query(
    `INSERT INTO agent_applications (merchant_code, member_id, account, contact_name, contact_mobile, message)
     VALUES ('demo', $1, $2, $2 || ' contact', '+65 8000 0000', 'hello')`,
    [memberId, account],
  );
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('agents in the back office', () => {
  it('the owner approves and rejects applications, walks the tree and moves a branch, each audited', async () => {
    const ann = await member('TreeAnn');
    const bob = await member('TreeBob');
    // Eve registered under Bob (as through his link): the agents module places her from member.registered.
    const eve = await member('TreeEve', bob);
    await apply(ann, 'TreeAnn');
    await apply(bob, 'TreeBob');
    await apply(eve, 'TreeEve');

    ({ page } = await newPage(browser, { viewport: 'desktop' }));
    await signInAsOwner(page, server.url);
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.locator('[data-pick-merchant="demo"]').click();
    const queue = page.getByTestId('agent-applications');
    await queue.waitFor();
    expect(await queue.locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}-queue-1440.png`, fullPage: true });

    const decide = async (account: string) => {
      await queue.locator(`tr[data-application="${account}"]`).getByRole('button', { name: 'Decide' }).click();
      return page.locator('dialog[open]');
    };
    for (const account of ['TreeAnn', 'TreeBob']) {
      const dialog = await decide(account);
      await dialog.getByLabel('Agent type').selectOption('2');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // A rejection needs its reason.
    const dialog = await decide('TreeEve');
    expect(await dialog.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason for a rejection').fill('Not enough contacts');
    await page.screenshot({ path: `${SHOTS}-decide-1440.png` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await queue.waitFor({ state: 'detached' });
    const types = await server.query<{ account: string; type: number }>(
      "SELECT account, type FROM members WHERE account LIKE 'Tree%' ORDER BY account",
    );
    expect(types).toEqual([
      { account: 'TreeAnn', type: 2 },
      { account: 'TreeBob', type: 2 },
      { account: 'TreeEve', type: 0 },
    ]);

    for (let attempt = 0; attempt < 50; attempt++) {
      const placed = await server.query('SELECT 1 FROM agent_nodes WHERE member_id = $1 AND parent_id = $2', [
        eve,
        bob,
      ]);
      if (placed.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await page.getByRole('tab', { name: 'Agent tree' }).click();
    const tree = page.getByTestId('agent-tree');
    await tree.locator('tr[data-node="TreeBob"]').waitFor();
    expect(await tree.locator('tr[data-node="TreeBob"]').textContent()).toContain('Agent type 2');
    await tree.locator('tr[data-node="TreeBob"]').getByRole('button', { name: 'TreeBob' }).click();
    await tree.locator('tr[data-node="TreeEve"]').waitFor();
    await page.screenshot({ path: `${SHOTS}-tree-1440.png`, fullPage: true });

    // Moving Bob under Eve would be a cycle: refused with its message, nothing moves.
    await page.getByRole('button', { name: 'Top level' }).click();
    await tree.locator('tr[data-node="TreeBob"]').getByRole('button', { name: 'Move' }).click();
    const move = page.locator('dialog[open]');
    await move.getByLabel('New upline agent (account)').fill('TreeEve');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.getByText('A member cannot be moved under itself or its own downline.').waitFor();
    await move.getByLabel('New upline agent (account)').fill('TreeAnn');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.waitFor({ state: 'detached' });
    const closure = await server.query<{ distance: number }>(
      'SELECT distance FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = $2',
      [ann, eve],
    );
    expect(closure).toEqual([{ distance: 2 }]);
    expect(await server.query("SELECT 1 FROM audit_log WHERE action = 'agent.branch_move'")).toHaveLength(1);
    expect(await server.query("SELECT 1 FROM audit_log WHERE action LIKE 'agent.application_%'")).toHaveLength(3);
    await tree.locator('tr[data-node="TreeAnn"]').getByRole('button', { name: 'TreeAnn' }).click();
    await tree.locator('tr[data-node="TreeBob"]').waitFor();

    // A phone: the tree in the card layout, nothing wider than the screen.
    ({ page } = await newPage(browser, { viewport: 'phone' }));
    await signInAsOwner(page, server.url);
    await page.goto(`${server.url}/admin/merchants/demo/agents?tab=tree`);
    await page.getByTestId('agent-tree').locator('tr[data-node="TreeAnn"]').waitFor();
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: `${SHOTS}-tree-390.png`, fullPage: true });
  });
});
