import { afterAll, describe, expect, it } from 'vitest';
import { providerWithPlatformDouble } from './platform-double';

const { app, calls } = providerWithPlatformDouble();
afterAll(() => app.close());

const ticket = (payload: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/lottery/ticket',
    payload: { token: 'game-token', mode: 'real', currency: 'USD', game: 'LOTT-001', stake: '1.00', ...payload },
  });

describe("the provider's lottery", () => {
  it('opens in the view the launch asked for, with the back control leading to backUrl', async () => {
    const back = 'http://site.test/lott?x=1';
    const lobby = await app.inject({
      url: `/play?token=t&game=LOTT-001&engine=lottery&lang=EN&mode=real&currency=USD&view=lobby&prizeMode=ELOTT&back=${encodeURIComponent(back)}`,
    });
    expect(lobby.body).toContain('data-view="lobby"');
    expect(lobby.body).toContain(`href="${back}" target="_top" data-back`);
    expect(lobby.body).toContain('Prize mode: ELOTT');
    const betting = await app.inject({
      url: '/play?token=t&game=LOTT-001&engine=lottery&lang=CN&mode=real&currency=USD&view=betting&back=javascript:alert(1)',
    });
    expect(betting.body).toContain('data-view="betting"');
    expect(betting.body).not.toContain('data-back');
    expect(betting.body).toContain('购买彩票');
  });

  it('refuses a malformed pick without calling the wallet', async () => {
    calls.length = 0;
    expect((await ticket({ pick: '12' })).json()).toEqual({ error: 'pick_invalid' });
    expect((await ticket({ pick: '1x3' })).json()).toEqual({ error: 'pick_invalid' });
    expect((await ticket({ pick: '123', stake: '0.01' })).json()).toEqual({ error: 'stake_invalid' });
    expect(calls).toEqual([]);
  });

  it('bets the stake, draws, pays the paytable through the win call, and lists the draw in the lobby', async () => {
    calls.length = 0;
    const answer = (await ticket({ pick: '123', stake: '2.00' })).json();
    const draw: string = answer.outcome.draw;
    expect(draw).toMatch(/^\d{3}$/);
    const multiple = draw === '123' ? 400 : draw.slice(1) === '23' ? 30 : draw.endsWith('3') ? 3 : 0;
    expect(answer).toMatchObject({ stake: '2.00', win: `${2 * multiple}.00`, currency: 'USD' });
    expect(calls.map((call) => call.action)).toEqual(['bet', 'win']);
    expect(calls[0]?.body).toMatchObject({ amount: '2.00', currency: 'USD', token: 'game-token' });
    expect(calls[1]?.body).toMatchObject({ amount: `${2 * multiple}.00`, roundClosed: true, roundId: answer.roundId });
    const draws = (await app.inject({ url: '/api/lottery/draws?game=LOTT-001' })).json();
    expect(draws.draws[0].draw).toBe(draw);
    expect((await app.inject({ url: '/api/lottery/draws?game=OTHER' })).json()).toEqual({ draws: [] });
  });
});
