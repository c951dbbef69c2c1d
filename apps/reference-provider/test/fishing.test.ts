import { afterAll, describe, expect, it } from 'vitest';
import type { FishKind } from '../src/fishing-maths';
import { providerWithPlatformDouble } from './platform-double';

// Shots at the shark miss, every other fish is caught; a token named 'poor' is refused by the wallet's bet.
const { app, calls } = providerWithPlatformDouble({
  aim: (fish: FishKind) => fish !== 'shark',
  refuse: (action, body) =>
    action === 'bet' && body.token === 'poor' ? { code: 'insufficient_funds', status: 400 } : undefined,
});
afterAll(() => app.close());

const shot = (payload: Record<string, string>) =>
  app
    .inject({
      method: 'POST',
      url: '/api/fishing/shot',
      payload: { token: 'fish-token', mode: 'real', currency: 'USD', ...payload },
    })
    .then((r) => r.json());

describe('the fishing game', () => {
  it('makes each shot a round of its own: a bet of the cannon level, then a closing win of the catch or 0', async () => {
    calls.length = 0;
    const caught = await shot({ cannon: '0.50', fish: 'turtle' });
    expect(caught).toMatchObject({
      outcome: { fish: 'turtle', caught: true, multiplier: 10 },
      stake: '0.50',
      win: '5.00',
      balance: '100.00',
      settlementPending: false,
    });
    const missed = await shot({ cannon: '5.00', fish: 'shark' });
    expect(missed).toMatchObject({
      outcome: { fish: 'shark', caught: false, multiplier: 50 },
      stake: '5.00',
      win: '0.00',
    });
    expect(missed.roundId).not.toBe(caught.roundId);
    expect(calls.map((call) => [call.action, call.body.roundId, call.body.amount, call.body.roundClosed])).toEqual([
      ['bet', caught.roundId, '0.50', undefined],
      ['win', caught.roundId, '5.00', true],
      ['bet', missed.roundId, '5.00', undefined],
      ['win', missed.roundId, '0.00', true],
    ]);
    expect(calls[0]?.body).toMatchObject({
      token: 'fish-token',
      currency: 'USD',
      transactionId: `bet-${caught.roundId}`,
    });
  });

  it('fires many shots in a row, each settled before the answer', async () => {
    calls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => shot({ cannon: '0.10', fish: i % 2 ? 'clownfish' : 'shark' })),
    );
    expect(new Set(answers.map((answer) => answer.roundId)).size).toBe(20);
    expect(answers.filter((answer) => answer.win === '0.20')).toHaveLength(10);
    expect(calls.filter((call) => call.action === 'bet')).toHaveLength(20);
    expect(calls.filter((call) => call.action === 'win' && call.body.roundClosed === true)).toHaveLength(20);
  });

  it('refuses a cannon level, fish, session or free play it does not offer without calling the wallet', async () => {
    calls.length = 0;
    expect(await shot({ cannon: '0.30', fish: 'turtle' })).toEqual({ error: 'stake_invalid' });
    expect(await shot({ cannon: '10.00', fish: 'turtle' })).toEqual({ error: 'stake_invalid' });
    expect(await shot({ cannon: 'lots', fish: 'turtle' })).toEqual({ error: 'stake_invalid' });
    expect(await shot({ cannon: '1.00', fish: 'mermaid' })).toEqual({ error: 'fish_invalid' });
    expect(await shot({ cannon: '1.00', fish: 'turtle', mode: 'fun' })).toEqual({ error: 'fun_unavailable' });
    expect(await shot({ cannon: '1.00', fish: 'turtle', token: '' })).toEqual({ error: 'game_token_invalid' });
    expect(calls).toEqual([]);
  });

  it("passes the wallet's refusal of a bet to the page and sends no win", async () => {
    calls.length = 0;
    expect(await shot({ cannon: '1.00', fish: 'turtle', token: 'poor' })).toEqual({ error: 'insufficient_funds' });
    expect(calls.map((call) => call.action)).toEqual(['bet']);
  });

  it('serves the page in EN, CN and AR with every fish and the script', async () => {
    const page = (lang: string) =>
      app.inject({ url: `/play?token=t&game=CQ9-F001&engine=fishing&lang=${lang}&currency=USD` }).then((r) => r.body);
    const en = await page('EN');
    expect(en).toContain('<h1>Fishing</h1>');
    for (const kind of ['clownfish', 'pufferfish', 'turtle', 'octopus', 'shark', 'whale', 'dragon'])
      expect(en).toContain(`data-fish="${kind}"`);
    expect(en).toContain('/assets/fishing.js');
    expect(await page('CN')).toContain('<h1>捕鱼</h1>');
    expect(await page('AR')).toContain('dir="rtl"');
    const script = await app.inject({ url: '/assets/fishing.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('/api/fishing/shot');
  });
});
