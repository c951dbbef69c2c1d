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
});
