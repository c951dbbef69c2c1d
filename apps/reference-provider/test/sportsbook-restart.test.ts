import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { providerWithPlatformDouble } from './platform-double';

const OPERATOR = { 'x-operator-key': 'operator-test-key' };
const SESSION = { token: 'restart-token', mode: 'real', currency: 'USD' };
const dir = mkdtempSync(path.join(tmpdir(), 'sportsbook-restart-'));
const file = path.join(dir, 'book', 'sportsbook.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A provider process on the book's file; `down` makes the platform unreachable (every call answered 503). */
const start = (down: { win: boolean } = { win: false }) =>
  providerWithPlatformDouble({
    sportsbookFile: file,
    refuse: (action) => (down.win && action === 'win' ? { code: 'unavailable', status: 503 } : undefined),
  });

describe("the sportsbook's book survives a restart (decision 0136)", () => {
  it('keeps fixtures and an open bet across a restart, then settles it; an owed win is sent again after one', async () => {
    const first = start();
    const fixtures = (await first.app.inject({ url: '/api/sportsbook/fixtures?game=IBC-B001' })).json().fixtures;
    const [a, b] = fixtures as { id: string; odds: Record<string, number> }[];
    if (!a || !b) throw new Error('no fixtures');
    const placed = async (app: typeof first.app, fixtureId: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/sportsbook/bets',
          payload: { ...SESSION, game: 'IBC-B001', stake: '10.00', picks: [{ fixtureId, pick: 'home' }] },
        })
      ).json().bet as { id: string; state: string };
    const open = await placed(first.app, a.id);
    expect(open.state).toBe('open');
    await first.app.close();

    // The process restarts: the same fixtures, the bet still open, nothing sent to the platform for it.
    const second = start();
    const again = (await second.app.inject({ url: '/api/sportsbook/fixtures?game=IBC-B001' })).json().fixtures;
    expect(again).toEqual(fixtures);
    const kept = (await second.app.inject({ url: `/api/sportsbook/bets?token=${SESSION.token}` })).json().bets;
    expect(kept).toEqual([expect.objectContaining({ id: open.id, state: 'open', stake: '10.00' })]);
    expect(second.calls).toEqual([]);

    // The operator enters the result after the restart: the win of the bet placed before it goes out.
    const settled = await second.app.inject({
      method: 'POST',
      url: '/api/sportsbook/admin/results',
      headers: OPERATOR,
      payload: { fixtureId: a.id, result: 'home' },
    });
    expect(settled.statusCode).toBe(200);
    const payout = (1000 * (a.odds.home ?? 0)) / 100;
    expect(second.calls.map((call) => [call.action, call.body.transactionId, call.body.amount])).toEqual([
      ['win', `sb-win-${open.id}`, (payout / 100).toFixed(2)],
    ]);
    const afterWin = (await second.app.inject({ url: `/api/sportsbook/bets?token=${SESSION.token}` })).json().bets;
    expect(afterWin[0]).toMatchObject({ id: open.id, state: 'settled' });

    // A second bet whose win the platform cannot take yet: the restart sends the owed win again, same body.
    const owed = await placed(second.app, b.id);
    await second.app.close();
    const down = { win: true };
    const third = start(down);
    await third.app.inject({
      method: 'POST',
      url: '/api/sportsbook/admin/results',
      headers: OPERATOR,
      payload: { fixtureId: b.id, result: 'home' },
    });
    const sent = third.calls.filter((call) => call.action === 'win');
    expect(sent.length).toBeGreaterThan(0);
    expect(third.sportsbook.owedCount()).toBe(1);
    expect(JSON.parse(readFileSync(file, 'utf8')).bets).toContainEqual(
      expect.objectContaining({ id: owed.id, owed: expect.objectContaining({ leadsTo: expect.anything() }) }),
    );
    await third.app.close();

    const fourth = start();
    expect(fourth.sportsbook.owedCount()).toBe(1);
    await fourth.sportsbook.retryOwed();
    expect(fourth.calls.map((call) => call.body)).toEqual([sent[0]?.body]);
    expect(fourth.sportsbook.owedCount()).toBe(0);
    const bets = (await fourth.app.inject({ url: `/api/sportsbook/bets?token=${SESSION.token}` })).json().bets;
    expect(bets.map((bet: { id: string; state: string }) => [bet.id, bet.state])).toEqual([
      [owed.id, 'settled'],
      [open.id, 'settled'],
    ]);
    await fourth.app.close();
  });
});
