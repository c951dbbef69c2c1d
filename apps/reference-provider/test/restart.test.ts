import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/store';
import { bankerWins, providerWithPlatformDouble } from './platform-double';

const OPERATOR = { 'x-operator-key': 'operator-test-key' };
const dirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'reference-provider-state-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not reached');
};

describe('the state store', () => {
  it('reads back what it saved, bigints included, and nothing before the first save', () => {
    const file = path.join(stateDir(), 'nested', 'state.json');
    const store = fileStore(file);
    expect(store.load()).toBeNull();
    const state = { version: 1, amounts: [0n, 12_345n, -7n, 10n ** 20n], nested: { $bigint: 'not alone', x: 1 } };
    store.save(state);
    expect(store.load()).toEqual(state);
    store.save({ version: 1, amounts: [] });
    expect(store.load()).toEqual({ version: 1, amounts: [] });
  });
});

describe('the stand-ins keep their state across a restart (decision 0167)', () => {
  it('a live table round open at the restart closes after it and settles the bets placed before it', async () => {
    const dir = stateDir();
    const calls: { action: string; body: Record<string, unknown> }[] = [];
    const start = () =>
      providerWithPlatformDouble({ stateDir: dir, calls, tableRoundMs: 600, dealers: { baccarat: () => bankerWins } });
    const first = start();
    const session = { token: 'live-restart', mode: 'real', currency: 'USD' };
    const bet = (spot: string, stake: string) =>
      first.app
        .inject({
          method: 'POST',
          url: '/api/table/bet',
          payload: { ...session, engine: 'live', game: 'AG-L001', spot, stake },
        })
        .then((r) => r.json());
    const banker = await bet('banker', '10.00');
    const player = await bet('player', '4.00');
    expect(banker.error).toBeUndefined();
    expect(player.roundId).toBe(banker.roundId);
    const tip = await first.app.inject({
      method: 'POST',
      url: '/api/table/tip',
      payload: { ...session, engine: 'live', game: 'AG-L001', amount: '1.00' },
    });
    expect(tip.json().error).toBeUndefined();
    await first.app.close();
    expect(calls.map((call) => call.action)).toEqual(['bet', 'bet', 'tip']);

    // After the restart the round is the same one; its timer closes it and one closing win goes out.
    const second = start();
    const state = () =>
      second.app
        .inject({ url: `/api/table/state?engine=live&game=AG-L001&token=${session.token}` })
        .then((r) => r.json());
    const kept = await state();
    if (kept.settled === null) {
      expect(kept.seat).toMatchObject({ roundId: banker.roundId, tips: '1.00' });
      expect(kept.seat.bets).toHaveLength(2);
    }
    await until(async () => (await state()).settled !== null);
    expect((await state()).settled).toMatchObject({
      roundId: banker.roundId,
      outcome: 'win',
      stake: '14.00',
      returned: '19.50',
      tips: '1.00',
    });
    expect(calls.slice(3).map((call) => [call.action, call.body.roundId, call.body.amount])).toEqual([
      ['win', banker.roundId, '19.50'],
    ]);
    await second.app.close();
  });

  it('an owed win is sent again after a restart with the same body; an undecided bet is rolled back', async () => {
    const dir = stateDir();
    const calls: { action: string; body: Record<string, unknown> }[] = [];
    const down = { win: true };
    const start = () =>
      providerWithPlatformDouble({
        stateDir: dir,
        calls,
        aim: () => true,
        refuse: (action) => (down.win && action === 'win' ? { code: 'unavailable', status: 503 } : undefined),
      });
    const first = start();
    const shot = await first.app.inject({
      method: 'POST',
      url: '/api/fishing/shot',
      payload: { token: 'fish-restart', mode: 'real', currency: 'USD', cannon: '1.00', fish: 'turtle' },
    });
    expect(shot.json()).toMatchObject({ settlementPending: true, win: '10.00' });
    const sent = calls.find((call) => call.action === 'win');
    await first.app.close();
    // A bet sent just before a crash, never decided: written by the runner before the bet went out.
    const file = path.join(dir, 'rounds.json');
    const journal = JSON.parse(readFileSync(file, 'utf8'));
    journal.journal.push({
      id: 'r-undecided',
      state: 'betting',
      token: 'fish-restart',
      roundId: 'r-undecided',
      betTransactionId: 'bet-r-undecided',
    });
    fileStore(file).save(journal);

    down.win = false;
    const second = start();
    expect(second.rounds.pendingCount()).toBe(2);
    const before = calls.length;
    await second.rounds.retryPending();
    expect(second.rounds.pendingCount()).toBe(0);
    expect(calls.slice(before).map((call) => [call.action, call.body])).toEqual([
      ['win', sent?.body],
      [
        'rollback',
        {
          token: 'fish-restart',
          transactionId: 'rollback-r-undecided',
          roundId: 'r-undecided',
          referenceTransactionId: 'bet-r-undecided',
        },
      ],
    ]);
    await second.app.close();
    // Nothing is owed any more, after another restart too.
    const third = start();
    expect(third.rounds.pendingCount()).toBe(0);
    await third.app.close();
  });
});

describe('a tournament on the fishing game', () => {
  it('ranks the shots of its period, pays each prize with promo once, and keeps standings and owed prizes across restarts', async () => {
    const dir = stateDir();
    const calls: { action: string; body: Record<string, unknown> }[] = [];
    const down = { promo: false };
    const start = () =>
      providerWithPlatformDouble({
        stateDir: dir,
        calls,
        aim: () => true,
        refuse: (action) => (down.promo && action === 'promo' ? { code: 'unavailable', status: 503 } : undefined),
      });
    const first = start();
    const now = Date.now();
    const opened = await first.app.inject({
      method: 'POST',
      url: '/api/tournaments/admin',
      headers: OPERATOR,
      payload: {
        name: 'Spring cup',
        game: 'AG-F001',
        currency: 'USD',
        startsAt: new Date(now - 1000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        prizes: ['100.00', '50.00', '25.00'],
      },
    });
    const tournament = opened.json().tournament as { id: string };
    expect(tournament.id).toMatch(/^tn-/);

    // Refusals change nothing: no key, a bad period, a bad prize table.
    expect((await first.app.inject({ url: '/api/tournaments/admin' })).statusCode).toBe(401);
    for (const payload of [
      { name: 'x', game: 'AG-F001', currency: 'USD', startsAt: 'soon', endsAt: 'later', prizes: ['1.00'] },
      {
        name: 'x',
        game: 'AG-F001',
        currency: 'USD',
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 60_000).toISOString(),
        prizes: ['-1'],
      },
    ])
      expect(
        (await first.app.inject({ method: 'POST', url: '/api/tournaments/admin', headers: OPERATOR, payload })).json()
          .error,
      ).toMatch(/period_invalid|prizes_invalid/);

    const shoot = (app: typeof first.app, token: string, fish: string, game = 'AG-F001') =>
      app.inject({
        method: 'POST',
        url: '/api/fishing/shot',
        payload: { token, mode: 'real', currency: 'USD', cannon: '1.00', fish, game },
      });
    // alice: one turtle ×10; bob: one whale ×100; carol: one turtle ×10 (a tie with alice); a shot of another game
    // does not count.
    await shoot(first.app, 'alice-token', 'turtle');
    await shoot(first.app, 'bob-token', 'whale');
    await shoot(first.app, 'dave-token', 'dragon', 'AG-F002');
    await first.app.close();

    const second = start();
    await shoot(second.app, 'carol-token', 'turtle');
    const seen = (await second.app.inject({ url: '/api/tournaments?game=AG-F001&token=alice-token' })).json()
      .tournaments[0];
    expect(seen.status).toBe('running');
    expect(seen.leaders.map((l: { place: number; score: string }) => [l.place, l.score])).toEqual([
      [1, '100.00'],
      [2, '10.00'],
      [2, '10.00'],
    ]);
    expect(seen.you).toMatchObject({ place: 2, score: '10.00', prize: null });
    // Other players' tokens never appear: a tag in their place.
    expect(JSON.stringify(seen)).not.toContain('bob-token');

    // The operator closes it while the platform does not answer: the prizes are owed, saved, sent after a restart.
    down.promo = true;
    const closed = await second.app.inject({
      method: 'POST',
      url: '/api/tournaments/admin/close',
      headers: OPERATOR,
      payload: { id: tournament.id },
    });
    expect(closed.json().tournament.payouts.map((p: { state: string }) => p.state)).toEqual(['owed', 'owed', 'owed']);
    const again = await second.app.inject({
      method: 'POST',
      url: '/api/tournaments/admin/close',
      headers: OPERATOR,
      payload: { id: tournament.id },
    });
    expect(again.json()).toEqual({ error: 'tournament_closed' });
    const firstTry = calls.filter((call) => call.action === 'promo');
    await second.app.close();

    down.promo = false;
    const third = start();
    expect(third.tournaments.owedCount()).toBe(3);
    const before = calls.length;
    await third.tournaments.retryOwed();
    expect(third.tournaments.owedCount()).toBe(0);
    const promos = calls.slice(before).filter((call) => call.action === 'promo');
    // Place 1: bob 100.00; alice and carol tie for 2nd and split 50.00 + 25.00.
    expect(promos.map((call) => call.body)).toEqual([
      {
        token: 'bob-token',
        transactionId: `${tournament.id}-prize-1`,
        campaignId: tournament.id,
        reason: 'tournament',
        amount: '100.00',
        currency: 'USD',
      },
      expect.objectContaining({ token: 'alice-token', transactionId: `${tournament.id}-prize-2`, amount: '37.50' }),
      expect.objectContaining({ token: 'carol-token', transactionId: `${tournament.id}-prize-3`, amount: '37.50' }),
    ]);
    // The attempts before the restart had the same bodies (the first owed prize was tried; the rest waited).
    expect(firstTry.length).toBeGreaterThan(0);
    for (const tried of firstTry)
      expect(promos.find((call) => call.body.transactionId === tried.body.transactionId)?.body).toEqual(tried.body);
    const mine = (await third.app.inject({ url: '/api/tournaments?game=AG-F001&token=carol-token' })).json()
      .tournaments[0];
    expect(mine).toMatchObject({ status: 'closed', you: { place: 2, prize: '37.50' } });
    // Shots after the close count no more; nothing else is sent.
    await shoot(third.app, 'alice-token', 'whale');
    await third.tournaments.retryOwed();
    expect(calls.filter((call) => call.action === 'promo')).toHaveLength(promos.length + firstTry.length);
    await third.app.close();
  });
});
