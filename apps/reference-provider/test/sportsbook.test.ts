import { afterAll, describe, expect, it } from 'vitest';
import { MAX_GAMES } from '../src/sportsbook';
import { potentialPayout } from '../src/sportsbook-maths';
import { providerWithPlatformDouble } from './platform-double';

const OPERATOR = { 'x-operator-key': 'operator-test-key' };
const SESSION = { token: 'game-token', mode: 'real', currency: 'USD' };

/** Platform refusals the test switches on: an action (and, optionally, a round) answered with a code. */
const refusals: { action: string; roundId?: string; code: string; status: number }[] = [];
const { app, calls, sportsbook } = providerWithPlatformDouble({
  refuse: (action, body) =>
    refusals.find((r) => r.action === action && (r.roundId === undefined || r.roundId === body.roundId)) ?? undefined,
});
afterAll(() => app.close());

interface FixtureView {
  id: string;
  home: string;
  away: string;
  odds: Record<string, number>;
  result: string | null;
}

const fixtures = async (game: string): Promise<FixtureView[]> =>
  (await app.inject({ url: `/api/sportsbook/fixtures?game=${game}` })).json().fixtures;
const place = async (payload: Record<string, unknown>) =>
  (await app.inject({ method: 'POST', url: '/api/sportsbook/bets', payload: { ...SESSION, ...payload } })).json();
const result = async (fixtureId: string, value: string, headers: Record<string, string> = OPERATOR) =>
  app.inject({ method: 'POST', url: '/api/sportsbook/admin/results', headers, payload: { fixtureId, result: value } });
const bets = async (token = SESSION.token) =>
  (await app.inject({ url: `/api/sportsbook/bets?token=${token}` })).json().bets;
const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
const since = (mark: number): Record<string, unknown>[] =>
  calls.slice(mark).map((call) => ({ action: call.action, ...call.body }));

describe("the reference provider's sportsbook", () => {
  it('serves its page in EN, CN and AR, football or e-sports by the game code', async () => {
    const en = await app.inject({
      url: '/play?token=t&game=IBC-B001&engine=sportsbook&lang=EN&mode=real&currency=USD',
    });
    expect(en.body).toContain('data-engine="sportsbook"');
    expect(en.body).toContain('Sportsbook · Football');
    expect(en.headers['content-security-policy']).toContain('frame-ancestors');
    const cn = await app.inject({
      url: '/play?token=t&game=IMES-E002&engine=sportsbook&lang=CN&mode=real&currency=USD',
    });
    expect(cn.body).toContain('体育投注 · 电子竞技');
    const ar = await app.inject({
      url: '/play?token=t&game=IBC-B001&engine=sportsbook&lang=AR&mode=real&currency=USD',
    });
    expect(ar.body).toContain('dir="rtl"');
    expect((await app.inject({ url: '/assets/sportsbook.js' })).body).toContain('tessera:balance');
  });

  it('lists the same fixtures for a game every time: 1X2 for football, home/away for e-sports', async () => {
    const football = await fixtures('IBC-B001');
    expect(football).toHaveLength(6);
    expect(await fixtures('IBC-B001')).toEqual(football);
    expect(Object.keys(football[0]?.odds ?? {})).toEqual(['home', 'draw', 'away']);
    expect(Object.keys((await fixtures('IMES-E001'))[0]?.odds ?? {})).toEqual(['home', 'away']);
    expect((await app.inject({ url: '/api/sportsbook/fixtures?game=bad%20code' })).statusCode).toBe(400);
  });

  it('refuses bad stakes and picks with their codes and calls no wallet', async () => {
    const [a, b] = await fixtures('IBC-B001');
    const esport = (await fixtures('IMES-E001'))[0];
    if (!a || !b || !esport) throw new Error('no fixtures');
    const mark = calls.length;
    const pick = [{ fixtureId: a.id, pick: 'home' }];
    expect(await place({ game: 'IBC-B001', stake: '0.50', picks: pick })).toEqual({
      error: 'stake_invalid',
      min: '1.00',
      max: '500.00',
    });
    expect(await place({ game: 'IBC-B001', stake: '600.00', picks: pick })).toMatchObject({ error: 'stake_invalid' });
    expect(await place({ game: 'IBC-B001', stake: 'ten', picks: pick })).toEqual({ error: 'stake_invalid' });
    expect(await place({ game: 'IBC-B001', stake: '5.00', picks: [] })).toEqual({ error: 'picks_invalid' });
    expect(
      await place({ game: 'IBC-B001', stake: '5.00', picks: [...pick, { fixtureId: a.id, pick: 'away' }] }),
    ).toEqual({ error: 'picks_invalid' });
    expect(
      await place({ game: 'IBC-B001', stake: '5.00', picks: [{ fixtureId: 'IBC-B001-F9', pick: 'home' }] }),
    ).toEqual({ error: 'picks_invalid' });
    expect(await place({ game: 'IMES-E001', stake: '5.00', picks: [{ fixtureId: esport.id, pick: 'draw' }] })).toEqual({
      error: 'picks_invalid',
    });
    expect(await place({ game: 'IBC-B001', stake: '5.00', picks: [{ fixtureId: a.id, pick: 'over' }] })).toEqual({
      error: 'picks_invalid',
    });
    expect(await place({ game: 'IBC-B001', stake: '5.00', picks: pick, mode: 'fun' })).toEqual({
      error: 'fun_unavailable',
    });
    // Six draws at about 3.5 each: 500.00 would win far beyond the book's limit.
    const all = (await fixtures('IBC-B001')).map((f) => ({ fixtureId: f.id, pick: 'draw' }));
    expect(await place({ game: 'IBC-B001', stake: '500.00', picks: all })).toEqual({
      error: 'payout_too_large',
      max: '50000.00',
    });
    expect(calls.length).toBe(mark);
  });

  it('places a single as its own open round, settles it with a win, resettles a correction, voids it', async () => {
    const [fixture] = await fixtures('SBT-B001');
    if (!fixture) throw new Error('no fixture');
    const mark = calls.length;
    const placed = await place({ game: 'SBT-B001', stake: '10.00', picks: [{ fixtureId: fixture.id, pick: 'home' }] });
    const roundId: string = placed.bet.id;
    const payout = potentialPayout(10_00n, [fixture.odds.home as number]);
    expect(placed).toMatchObject({
      balance: '100.00',
      bet: { state: 'open', stake: '10.00', potential: money(payout) },
    });
    expect(since(mark)).toEqual([
      {
        action: 'bet',
        token: 'game-token',
        transactionId: `sb-bet-${roundId}`,
        roundId,
        amount: '10.00',
        currency: 'USD',
      },
    ]);
    const [listed] = await bets();
    expect(listed).toMatchObject({ id: roundId, state: 'open', payout: null });
    expect(Number(listed.cashout)).toBeLessThan(10);

    // The operator's API wants the key; bad input is refused and changes nothing.
    expect((await result(fixture.id, 'home', { 'x-operator-key': 'wrong' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/sportsbook/admin/fixtures' })).statusCode).toBe(401);
    expect((await result(fixture.id, 'over')).json()).toEqual({ error: 'result_invalid' });
    expect((await result('NOPE-F1', 'home')).json()).toEqual({ error: 'fixture_not_found' });
    expect(calls.length).toBe(mark + 1);

    const settled = (await result(fixture.id, 'home')).json();
    expect(settled.bets[0]).toMatchObject({ id: roundId, state: 'settled', payout: money(payout), cashout: null });
    // The same result again sends nothing; a correction to a loss resettles to 0; the void returns the stake.
    await result(fixture.id, 'home');
    expect((await result(fixture.id, 'away')).json().bets[0]).toMatchObject({ state: 'settled', payout: '0.00' });
    expect((await result(fixture.id, 'void')).json().bets[0]).toMatchObject({ state: 'void' });
    expect((await result(fixture.id, 'home')).json()).toEqual({ error: 'fixture_voided' });
    expect(since(mark + 1)).toEqual([
      {
        action: 'win',
        token: 'game-token',
        transactionId: `sb-win-${roundId}`,
        roundId,
        amount: money(payout),
        currency: 'USD',
        roundClosed: true,
      },
      {
        action: 'resettle',
        token: 'game-token',
        transactionId: `sb-resettle-${roundId}-1`,
        roundId,
        amount: '0.00',
        currency: 'USD',
      },
      { action: 'void', token: 'game-token', transactionId: `sb-void-${roundId}`, roundId },
    ]);
    const admin = (await app.inject({ url: '/api/sportsbook/admin/fixtures', headers: OPERATOR })).json();
    expect(admin.fixtures.find((f: FixtureView) => f.id === fixture.id)).toMatchObject({ result: 'void', bets: 1 });
    // A fixture with a result takes no more bets.
    expect(await place({ game: 'SBT-B001', stake: '1.00', picks: [{ fixtureId: fixture.id, pick: 'home' }] })).toEqual({
      error: 'fixture_closed',
    });
  });

  it('keeps an accumulator open until every leg has a result; a lost leg settles it at 0 at once', async () => {
    const [a, b, c] = await fixtures('UG-B001');
    if (!a || !b || !c) throw new Error('no fixtures');
    const picks = [
      { fixtureId: a.id, pick: 'home' },
      { fixtureId: b.id, pick: 'away' },
    ];
    const double = (await place({ game: 'UG-B001', stake: '4.00', picks })).bet;
    const loser = (
      await place({
        game: 'UG-B001',
        stake: '2.00',
        picks: [
          { fixtureId: a.id, pick: 'home' },
          { fixtureId: c.id, pick: 'draw' },
        ],
      })
    ).bet;
    expect(double).toMatchObject({
      state: 'open',
      potential: money(potentialPayout(4_00n, [a.odds.home as number, b.odds.away as number])),
    });
    const mark = calls.length;
    await result(a.id, 'home');
    expect(calls.length).toBe(mark); // both still wait for their second match
    await result(c.id, 'home');
    expect(since(mark)).toEqual([expect.objectContaining({ action: 'win', roundId: loser.id, amount: '0.00' })]);
    // b voided: the double pays the first leg's odds alone.
    await result(b.id, 'void');
    expect(since(mark + 1)).toEqual([
      expect.objectContaining({
        action: 'win',
        roundId: double.id,
        amount: money(potentialPayout(4_00n, [a.odds.home as number])),
      }),
    ]);
  });

  it('cashes out an open bet at the price the member saw; the cashed-out bet is final', async () => {
    const [a, b] = await fixtures('TF-E001');
    if (!a || !b) throw new Error('no fixtures');
    const { bet } = await place({
      game: 'TF-E001',
      stake: '20.00',
      picks: [
        { fixtureId: a.id, pick: 'home' },
        { fixtureId: b.id, pick: 'home' },
      ],
    });
    const before = (await bets()).find((x: { id: string }) => x.id === bet.id).cashout;
    await result(a.id, 'home');
    const after = (await bets()).find((x: { id: string }) => x.id === bet.id).cashout;
    // The first leg won: the offer grows by its odds (rounding aside).
    expect(Number(after)).toBeGreaterThan(Number(before));
    const mark = calls.length;
    const cashout = (amount: string, token = SESSION.token) =>
      app.inject({
        method: 'POST',
        url: '/api/sportsbook/cashout',
        payload: { ...SESSION, token, betId: bet.id, amount },
      });
    expect((await cashout(before)).json()).toEqual({ error: 'cashout_price_changed', price: after });
    expect((await cashout(after, 'other-token')).json()).toEqual({ error: 'bet_not_found' });
    expect(calls.length).toBe(mark);
    expect((await cashout(after)).json()).toMatchObject({
      bet: { state: 'cashed_out', payout: after },
      balance: '100.00',
    });
    expect(since(mark)[0]).toEqual({
      action: 'cashout',
      token: 'game-token',
      transactionId: `sb-cashout-${bet.id}`,
      roundId: bet.id,
      amount: after,
      currency: 'USD',
    });
    expect((await cashout(after)).json()).toEqual({ error: 'cashout_unavailable' });
    const settledMark = calls.length;
    await result(b.id, 'away');
    expect(calls.length).toBe(settledMark);
  });

  it('rolls back an open bet whose every match was voided', async () => {
    const [a] = await fixtures('IA-E001');
    if (!a) throw new Error('no fixture');
    const { bet } = await place({ game: 'IA-E001', stake: '3.00', picks: [{ fixtureId: a.id, pick: 'away' }] });
    const mark = calls.length;
    expect((await result(a.id, 'void')).json().bets[0]).toMatchObject({ state: 'rolled_back' });
    expect(since(mark)).toEqual([
      {
        action: 'rollback',
        token: 'game-token',
        transactionId: `sb-rollback-${bet.id}`,
        roundId: bet.id,
        referenceTransactionId: `sb-bet-${bet.id}`,
      },
    ]);
  });

  it('shows the refusal of a bet (insufficient funds) and keeps no bet', async () => {
    const [a] = await fixtures('IBC-B003');
    if (!a) throw new Error('no fixture');
    refusals.push({ action: 'bet', code: 'insufficient_funds', status: 400 });
    const answer = await place({ game: 'IBC-B003', stake: '5.00', picks: [{ fixtureId: a.id, pick: 'home' }] });
    refusals.length = 0;
    expect(answer).toEqual({ error: 'insufficient_funds' });
    expect(await bets()).not.toContainEqual(expect.objectContaining({ gameCode: 'IBC-B003' }));
  });

  it('sends a settlement the platform could not take again, with the same body, until it does', async () => {
    const [a] = await fixtures('IBC-B004');
    if (!a) throw new Error('no fixture');
    const { bet } = await place({ game: 'IBC-B004', stake: '5.00', picks: [{ fixtureId: a.id, pick: 'home' }] });
    refusals.push({ action: 'win', roundId: bet.id, code: 'unknown_error', status: 503 });
    expect((await result(a.id, 'home')).json().bets[0]).toMatchObject({ state: 'settling' });
    expect(sportsbook.owedCount()).toBe(1);
    const first = calls.filter((call) => call.action === 'win' && call.body.roundId === bet.id);
    expect(first.length).toBeGreaterThan(1); // the client's own retries
    refusals.length = 0;
    await sportsbook.retryOwed();
    expect(sportsbook.owedCount()).toBe(0);
    const all = calls.filter((call) => call.action === 'win' && call.body.roundId === bet.id).map((call) => call.body);
    expect(new Set(all.map((body) => JSON.stringify(body))).size).toBe(1);
    expect((await bets()).find((x: { id: string }) => x.id === bet.id)).toMatchObject({ state: 'settled' });
  });

  it('corrects a round the platform closed by its timeout with a resettlement', async () => {
    const [a] = await fixtures('IBC-B005');
    if (!a) throw new Error('no fixture');
    const { bet } = await place({ game: 'IBC-B005', stake: '5.00', picks: [{ fixtureId: a.id, pick: 'away' }] });
    refusals.push({ action: 'win', roundId: bet.id, code: 'round_already_settled', status: 409 });
    const mark = calls.length;
    const answer = (await result(a.id, 'away')).json();
    refusals.length = 0;
    const payout = money(potentialPayout(5_00n, [a.odds.away as number]));
    expect(answer.bets[0]).toMatchObject({ state: 'settled', payout });
    expect(since(mark).map((call) => [call.action, call.amount])).toEqual([
      ['win', payout],
      ['resettle', payout],
    ]);
  });

  it('keeps the books of at most MAX_GAMES games: a made-up code beyond them is refused', async () => {
    let opened = 0;
    for (; opened <= MAX_GAMES; opened++) {
      const answer = await app.inject({ url: `/api/sportsbook/fixtures?game=MADE-UP-${opened}` });
      if (answer.statusCode !== 200) {
        expect(answer.json()).toEqual({ error: 'game_invalid' });
        break;
      }
    }
    expect(opened).toBeLessThan(MAX_GAMES);
    // Games already open keep their book.
    expect(await fixtures('IBC-B001')).toHaveLength(6);
  });
});
