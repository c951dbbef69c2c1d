import { randomUUID } from 'node:crypto';
import { DEMO_OPERATOR, newPage, settleAgentContracts } from '@tessera/testkit';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/screenshots';
import { dialog, openSite, signInMember } from '../support/site';
import { contractJourneySuite, fadedIn, menuItem } from './contract-support';

const suite = contractJourneySuite();

const DIVIDEND = {
  kind: 'dividend',
  period: 'D',
  tiers: [
    { validBet: '0', loss: '0', activeMembers: 1, rate: '10' },
    { validBet: '0', loss: '0', activeMembers: 2, rate: '20' },
  ],
};

/**
 * A member who takes a break stops counting for its agent's contract (issue 31, decision 0110): an agent holds a daily
 * dividend over two players; both lose 5.00 at dice, then one takes a 24-hour break. The day's statement counts one
 * active member and 5.00 of loss (the one-member tier's 10 %, not 20 % of 10.00), and says one member was left out:
 * in the agent centre's statement, with a note on why, and in the back office's statements of the contract.
 */
describe('agent contracts: a member on a break is left out', () => {
  it('settles the day without the member on a break; the agent centre and the back office say so', async () => {
    const { server, browser, api, money, journey } = suite;
    const upline = await journey.agent('LoUpline', '81330001');
    const downline = await journey.agent('LoDownline', '81330002', { affiliateCode: upline.code });
    const players = [
      await api.registerByUsername('LoPlayer1', 'Secret123', '81330003', { affiliateCode: downline.code }),
      await api.registerByUsername('LoPlayer2', 'Secret123', '81330004', { affiliateCode: downline.code }),
    ];
    await journey.placed(['LoDownline', 'LoPlayer1', 'LoPlayer2']);
    const offered = await journey.site<{ contract: { id: string } }>(
      upline.token,
      '/wps/relay/MCS2_processDividendReq',
      'SIGNCONDIV3',
      { action: 'offer', downlineId: downline.id, terms: DIVIDEND },
    );
    expect(offered.success).toBe(true);
    const contractId = offered.value.contract.id;
    const accepted = await journey.site(downline.token, '/wps/relay/MCS2_processDividendReq', 'SIGNCONDIV3', {
      action: 'accept',
      contractId,
    });
    expect(accepted.success).toBe(true);

    // Both players lose 5.00 at dice (one winning roll in 10,000); then the second takes a 24-hour break.
    for (const player of players) {
      await money.creditByBankTransfer(player.token, '60');
      const bet = await journey.site(player.token, '/wps/inhouse/bets', 'COMM3', {
        game: 'dice',
        stake: '5.00',
        idempotencyKey: randomUUID(),
        params: { target: 1, direction: 'under' },
      });
      expect(bet.success).toBe(true);
    }
    const rest = await journey.site(players[1]?.token ?? '', '/wps/responsible-gaming/block', 'COMM3', {
      kind: 'break',
      duration: '24h',
      allMerchants: false,
      confirm: true,
    });
    expect(rest.success).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await server.query(
              `SELECT (SELECT count(*) FROM agent_contract_accruals WHERE contract_id = $1)::int AS rounds,
                      (SELECT count(*) FROM agent_contract_member_blocks WHERE member_id = $2)::int AS blocks`,
              [contractId, players[1]?.member.id],
            )
          )[0],
        { timeout: 30_000 },
      )
      .toEqual({ rounds: 2, blocks: 1 });

    const dayEnd = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime() + 86_400_000;
    await settleAgentContracts(
      server,
      new Date(dayEnd + 2 * 60_000),
      async () =>
        (await server.query('SELECT 1 FROM agent_contract_statements WHERE contract_id = $1', [contractId])).length > 0,
      120_000,
    );
    const [statement] = await server.query<{ inputs: Record<string, unknown>; tier: number; amount: string }>(
      'SELECT inputs, tier, amount::text FROM agent_contract_statements WHERE contract_id = $1',
      [contractId],
    );
    expect(statement).toMatchObject({
      inputs: { activeMembers: 1, loss: '500', validBet: '500', rounds: 1, leftOutMembers: 1 },
      tier: 1,
      amount: '50',
    });

    // The agent centre: the dividend record's statement, with the count and the note.
    const { page } = await openSite(browser, server, '/', 'phone');
    await signInMember(page, 'LoDownline');
    await page.goto(`${server.url}/agentHome`);
    await menuItem(page, 'Dividend').click();
    const row = page.locator('[data-contract-records="dividend"] tr[data-statement-status="paid"]').first();
    await row.waitFor();
    await row.locator('[data-open-statement]').click();
    const opened = dialog(page, 'contract-statement');
    await opened.waitFor();
    await opened.locator('[data-alert="contract-left-out"]').waitFor();
    expect(await opened.locator('[data-alert="contract-left-out"]').textContent()).toContain(
      'Members on a break or self-excluded at any time in this period are not counted',
    );
    expect(await opened.locator('[data-detail="input-leftOutMembers"] dd').textContent()).toBe('1');
    await fadedIn(page, 'contract-statement');
    await page.screenshot({ path: screenshotPath('agent-contracts-left-out-phone-en.png'), fullPage: true });

    // The back office: the contract's statements list the count with the other figures.
    const desk = (await newPage(browser, { viewport: 'desktop' })).page;
    await desk.goto(`${server.url}/admin/`);
    await desk.getByLabel('Username').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Password').fill(DEMO_OPERATOR.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL(/\/admin\/(dashboard|merchants)/);
    await desk.goto(`${server.url}/admin/merchants/demo/agent-contracts/${contractId}`);
    const listed = desk.locator('[data-testid="agent-contract-statements"] [data-input="leftOutMembers"]');
    await listed.waitFor();
    expect(await listed.textContent()).toBe('Members left out (break or self-exclusion): 1');
    // The figures in reading order, From before To (the stored jsonb keeps `to` first, the shorter key).
    expect(
      await desk
        .locator('[data-testid="agent-contract-statements"] [data-input]')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.input)),
    ).toEqual(['from', 'to', 'validBet', 'loss', 'activeMembers', 'rounds', 'leftOutMembers']);
    await listed.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: screenshotPath('agent-contracts-left-out-back-office.png'), fullPage: false });
  }, 240_000);
});
