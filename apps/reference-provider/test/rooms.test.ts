import { afterAll, describe, expect, it } from 'vitest';
import { providerWithPlatformDouble } from './platform-double';

const { app, calls } = providerWithPlatformDouble();
afterAll(() => app.close());

const roll = (payload: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/roll',
    payload: { token: 'game-token', mode: 'real', currency: 'USD', pick: 'big', ...payload },
  });

describe("a PVP room's table", () => {
  it('shows the room the platform opened the game in, and none without one', async () => {
    const page = await app.inject({
      url: '/play?token=t&game=KX-1&engine=dice&lang=EN&mode=real&currency=USD&room=vip&minBet=100.00&maxBet=10000.00',
    });
    expect(page.body).toContain('data-room="vip"');
    expect(page.body).toContain('Room: VIP · 100.00–10000.00');
    const plain = await app.inject({ url: '/play?token=t&game=KX-1&engine=dice&lang=EN&mode=real&currency=USD' });
    expect(plain.body).not.toContain('data-room');
    const forged = await app.inject({
      url: '/play?token=t&game=KX-1&engine=dice&lang=EN&mode=real&currency=USD&room=king&minBet=1&maxBet=2',
    });
    expect(forged.body).not.toContain('data-room');
  });

  it("refuses a stake outside the room's range without calling the wallet, and plays one inside it", async () => {
    calls.length = 0;
    const below = await roll({ stake: '0.50', minBet: '1.00', maxBet: '100.00' });
    expect(below.json()).toEqual({ error: 'stake_invalid' });
    const above = await roll({ stake: '20.00', minBet: '0.10', maxBet: '10.00' });
    expect(above.json()).toEqual({ error: 'stake_invalid' });
    expect(calls).toEqual([]);
    const inside = await roll({ stake: '5.00', minBet: '1.00', maxBet: '100.00' });
    expect(inside.json()).toMatchObject({ stake: '5.00', currency: 'USD' });
    expect(calls.map((call) => call.action)).toEqual(['bet', 'win']);
  });

  it("keeps the provider's rake: a room's win is the pot less 5%, a loss 0, a triple the stake back", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400 && seen.size < 3; i++) {
      calls.length = 0;
      const answer = (await roll({ stake: '10.00', minBet: '1.00', maxBet: '100.00' })).json();
      const [a, b, c] = answer.outcome.dice as [number, number, number];
      const triple = a === b && b === c;
      const big = !triple && a + b + c >= 11;
      const expected = triple ? ['10.00', '0.00', 'push'] : big ? ['19.00', '1.00', 'win'] : ['0.00', '1.00', 'loss'];
      expect([answer.win, answer.outcome.rake]).toEqual(expected.slice(0, 2));
      expect(answer.outcome.pot).toBe('20.00');
      expect(calls.map((call) => [call.action, call.body.amount])).toEqual([
        ['bet', '10.00'],
        ['win', answer.win],
      ]);
      seen.add(expected[2] as string);
    }
    expect(seen.has('win') && seen.has('loss')).toBe(true);
    // Outside a room the same dice game keeps paying even money, with no rake.
    const plain = (await roll({ stake: '10.00' })).json();
    expect(plain.outcome.rake).toBeUndefined();
    expect(['20.00', '0.00']).toContain(plain.win);
  });

  it('tells the player about the rake on a room page only', async () => {
    const room = await app.inject({
      url: '/play?token=t&game=KX-1&engine=dice&lang=EN&mode=real&currency=USD&room=beginner&minBet=1.00&maxBet=100.00',
    });
    expect(room.body).toContain(
      '<p class="rules">Room play: an opponent stakes the same on the other side; the winner takes the pot less a 5% rake; a triple is a push.</p>',
    );
    const plain = await app.inject({ url: '/play?token=t&game=KX-1&engine=dice&lang=EN&mode=real&currency=USD' });
    expect(plain.body).toContain('<p class="rules">Three dice. Big or Small pays 1:1; any triple loses.</p>');
    expect(plain.body).not.toContain('<p class="rules">Room play');
  });
});
