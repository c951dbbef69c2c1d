import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../../test/agent-contracts';
import type { TestApp } from '../../../test/test-app';

/**
 * The demo's contracts (decision 0093): the agent-contracts module's seed gives every agent directly under a top
 * agent a running contract of each kind from it, on every start without doubling, and those contracts settle.
 */

let t: TestApp;

const { newMember, play } = contractSuite(async (app) => {
  t = app;
});

const context = { merchantCode: 'demo', currency: 'USD', content: false };

const contractsOf = async (downlineId: string) =>
  (
    await t.database.pool.query<{ kind: string; status: string; upline: string; actions: string }>(
      `SELECT c.kind, c.status, c.upline_id AS upline,
              (SELECT string_agg(e.action || ':' || e.actor, ',' ORDER BY e.id) FROM agent_contract_events e
                WHERE e.contract_id = c.id) AS actions
         FROM agent_contracts c WHERE c.downline_id = $1 ORDER BY c.kind`,
      [downlineId],
    )
  ).rows;

describe('agent contracts: the demo seed', () => {
  let top: Member;
  let agent: Member;
  let player: Member;

  it('gives each agent under a top agent one running contract of each kind, once', async () => {
    top = await newMember('ctdtop', null, 1);
    agent = await newMember('ctdagent', top.id, 1);
    player = await newMember('ctdplayer', agent.id, 0);
    await t.services.events.drain();
    await t.services.agentContracts.seedDemo(context);
    const seeded = await contractsOf(agent.id);
    expect(seeded.map((row) => [row.kind, row.status, row.upline])).toEqual([
      ['daily', 'active', top.id],
      ['dividend', 'active', top.id],
      ['hourly', 'active', top.id],
      ['realtime', 'active', top.id],
    ]);
    expect(seeded.every((row) => row.actions === 'offered:system:demo,accepted:system:demo')).toBe(true);
    // A player is not an agent: nothing for it; the top agent has no upline to hold a contract from.
    expect(await contractsOf(player.id)).toEqual([]);
    expect(await contractsOf(top.id)).toEqual([]);
    // Every start runs the seed again: nothing doubles.
    expect(await t.services.agentContracts.seedDemo(context)).toBe(0);
    expect(await contractsOf(agent.id)).toHaveLength(4);
  });

  it("settles the seeded real-time salary on the player's round", async () => {
    // 20.00 lost now (in the contract's first window): 0.6 % of it on the real-time salary once the window is over.
    await play(player, 2_000n, 0n, new Date());
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(new Date(Date.now() + 7 * 60_000));
    const { rows } = await t.database.pool.query<{ kind: string; amount: string; status: string }>(
      `SELECT s.kind, s.amount::text, s.status FROM agent_contract_statements s
        WHERE s.downline_id = $1 AND s.kind = 'realtime'`,
      [agent.id],
    );
    expect(rows).toEqual([{ kind: 'realtime', amount: '12', status: 'paid' }]);
  });
});
