import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../../../test/member-client';
import { createTestApp, DEMO_SEED_OPTIONS, type TestApp } from '../../../test/test-app';
import { seedDemo } from '../../seed';
import { DEMO_AGENT_PASSWORD, DEMO_AGENT_USERNAME } from '.';

/**
 * The demo agent's team (a real start seeds it, `SEED_DEMO_HISTORY`): the agent logs in with the printed password,
 * its team overview shows its three-level downline with the deposits and bets it played, equal to the raw rows
 * (credited deposit orders, settled rounds), and a second seed adds nothing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  expect(await t.services.agents.seedDemoTeam({ merchantCode: 'demo', currency: 'USD', content: false })).toBe(false);
  await seedDemo(t.services, { ...DEMO_SEED_OPTIONS, history: true });
  await t.services.events.drain();
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo agent team', () => {
  it('shows the team and its history to the demo agent, equal to the raw rows', async () => {
    const client = memberClient(t);
    const token = await client.login(DEMO_AGENT_USERNAME, DEMO_AGENT_PASSWORD);
    const today = new Date().toISOString().slice(0, 10);
    const overview = (
      await client.send({
        method: 'GET',
        url: `/wps/agent/team/overview?from=${today}&to=${today}`,
        moduleId: 'AGEINFO3',
        token,
      })
    ).json();
    expect(overview.success, JSON.stringify(overview)).toBe(true);
    const { rows } = await t.database.pool.query<{ deposits: string; bets: string; players: number }>(
      `SELECT (SELECT to_char(sum(d.amount) / 100.0, 'FM999999990.00') FROM deposit_orders d
                 JOIN members m ON m.id = d.member_id WHERE m.username LIKE 'demo\\_%' AND d.status = 'succeeded') AS deposits,
              (SELECT to_char(sum(r.bet_amount) / 100.0, 'FM999999990.00') FROM bet_rounds r
                 JOIN members m ON m.id = r.member_id WHERE m.username LIKE 'demo\\_%' AND r.status = 'settled') AS bets,
              (SELECT count(DISTINCT r.member_id)::int FROM bet_rounds r
                 JOIN members m ON m.id = r.member_id WHERE m.username LIKE 'demo\\_%') AS players`,
    );
    expect(overview.value).toMatchObject({
      directMembers: 4,
      teamMembers: 8,
      newMembers: 8,
      activeMembers: rows[0]?.players,
      figures: { deposits: rows[0]?.deposits, bets: rows[0]?.bets },
    });
    expect(rows[0]?.deposits).toBe('860.00');
    const { rows: rates } = await t.database.pool.query(
      "SELECT count(*)::int AS agents FROM agent_profiles p JOIN members m ON m.id = p.member_id WHERE m.username LIKE 'demo%'",
    );
    expect(rates).toEqual([{ agents: 4 }]);
  });

  it('a second seed adds nothing', async () => {
    const count = async () =>
      (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM members')).rows[0]?.n;
    const before = await count();
    await seedDemo(t.services, { ...DEMO_SEED_OPTIONS, history: true });
    expect(await count()).toBe(before);
  });
});
