import { afterAll, describe, expect, it } from 'vitest';
import { bankerWins, providerWithPlatformDouble } from './platform-double';

let fightResult: 'meron' | 'wala' | 'draw' = 'draw';
const { app, calls } = providerWithPlatformDouble({
  tableRoundMs: 400,
  dealers: { baccarat: () => bankerWins, fight: () => fightResult },
});
afterAll(() => app.close());

const session = { token: 'table-token', mode: 'real', currency: 'USD' };
const post = (url: string, payload: Record<string, string>) =>
  app.inject({ method: 'POST', url, payload: { ...session, ...payload } }).then((r) => r.json());
/** Two bets in a row at a table; both must land in one round of the player. */
const twoBets = async (engine: string, game: string, bets: [string, string][]) => {
  const placed = [];
  for (const [spot, stake] of bets) placed.push(await post('/api/table/bet', { engine, game, spot, stake }));
  expect(new Set(placed.map((answer) => answer.roundId)).size).toBe(1);
  return placed[0].roundId as string;
};
const state = (engine: string, game: string) =>
  app.inject({ url: `/api/table/state?engine=${engine}&game=${game}&token=${session.token}` }).then((r) => r.json());

/** Waits for the player's round at the table to settle (the round timer ends it). */
const settlement = async (engine: string, game: string) => {
  for (let i = 0; i < 60; i++) {
    const view = await state(engine, game);
    if (view.settled) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the round did not settle');
};

describe('the live baccarat table', () => {
  it('takes two bets and a tip in one platform round, then settles it with one closing win', async () => {
    expect((await state('live', 'AG-L001')).round).toMatchObject({ no: 1, betting: true, roundMs: 400 });
    calls.length = 0;
    // A tip needs a bet of the round first; nothing reaches the wallet.
    expect(await post('/api/table/tip', { engine: 'live', game: 'AG-L001', amount: '1.00' })).toEqual({
      error: 'tip_needs_bet',
    });
    expect(await post('/api/table/bet', { engine: 'live', game: 'AG-L001', spot: 'dragon', stake: '1.00' })).toEqual({
      error: 'spot_invalid',
    });
    expect(await post('/api/table/bet', { engine: 'live', game: 'AG-L001', spot: 'tie', stake: '0.01' })).toEqual({
      error: 'stake_invalid',
    });
    expect(calls).toEqual([]);
    const roundId = await twoBets('live', 'AG-L001', [
      ['banker', '10.00'],
      ['tie', '2.00'],
    ]);
    expect(await post('/api/table/tip', { engine: 'live', game: 'AG-L001', amount: '1.00' })).toEqual({
      balance: '100.00',
    });
    const view = await settlement('live', 'AG-L001');
    expect(view.settled).toMatchObject({
      roundId: roundId,
      outcome: 'win',
      stake: '12.00',
      returned: '19.50',
      tips: '1.00',
      settlementPending: false,
    });
    expect(view.history[0].result.winner).toBe('banker');
    expect(view.round.no).toBeGreaterThan(1);
    expect(calls.map((call) => [call.action, call.body.roundId, call.body.amount])).toEqual([
      ['bet', roundId, '10.00'],
      ['bet', roundId, '2.00'],
      ['tip', roundId, '1.00'],
      ['win', roundId, '19.50'],
    ]);
    expect(calls[3]?.body).toMatchObject({ roundClosed: true, transactionId: `win-${roundId}` });
  });

  it('serves its page in English, Chinese and Arabic with its spots and the tip', async () => {
    for (const [lang, title] of [
      ['EN', 'Live baccarat'],
      ['CN', '真人百家乐'],
      ['AR', 'باكارات مباشر'],
    ]) {
      const page = await app.inject({
        url: `/play?token=t&game=AG-L001&engine=live&lang=${lang}&mode=real&currency=USD`,
      });
      expect(page.body).toContain(`<h1>${title}</h1>`);
      expect(page.body).toContain('data-spot="banker"');
      expect(page.body).toContain('data-tip');
      expect(page.body).toContain('/assets/table.js');
    }
    const script = await app.inject({ url: '/assets/table.js' });
    expect(script.body).toContain('/api/table/tip');
  });
});

describe('the cockfight pit', () => {
  it('voids a drawn fight: every bet of the round rolled back, no win, and the page told', async () => {
    fightResult = 'draw';
    await state('cockfight', 'SV3-C001');
    calls.length = 0;
    const roundId = await twoBets('cockfight', 'SV3-C001', [
      ['meron', '5.00'],
      ['wala', '3.00'],
    ]);
    expect(await post('/api/table/tip', { engine: 'cockfight', game: 'SV3-C001', amount: '1.00' })).toEqual({
      error: 'game_invalid',
    });
    const view = await settlement('cockfight', 'SV3-C001');
    expect(view.settled).toMatchObject({ outcome: 'refund', stake: '8.00', returned: '8.00' });
    expect(view.history[0].result).toBe('draw');
    const [betOne, betTwo] = calls;
    expect(calls.map((call) => call.action)).toEqual(['bet', 'bet', 'rollback', 'rollback']);
    expect(calls.slice(2).map((call) => [call.body.roundId, call.body.referenceTransactionId])).toEqual([
      [roundId, betOne?.body.transactionId],
      [roundId, betTwo?.body.transactionId],
    ]);
    const page = await app.inject({
      url: '/play?token=t&game=SV3-C001&engine=cockfight&lang=EN&mode=real&currency=USD',
    });
    expect(page.body).toContain('A draw voids the fight and returns every bet.');
  });

  it("pays the winning side at the round's odds with one closing win", async () => {
    fightResult = 'meron';
    const before = await state('cockfight', 'SV3-C002');
    const odds: number = before.round.offer.odds.meron;
    calls.length = 0;
    await twoBets('cockfight', 'SV3-C002', [
      ['meron', '10.00'],
      ['wala', '1.00'],
    ]);
    const view = await settlement('cockfight', 'SV3-C002');
    const returned = ((1000 * odds) / 100 / 100).toFixed(2);
    expect(view.settled).toMatchObject({ outcome: 'win', stake: '11.00', returned });
    expect(calls.map((call) => [call.action, call.body.amount])).toEqual([
      ['bet', '10.00'],
      ['bet', '1.00'],
      ['win', returned],
    ]);
  });
});
