import type { InhouseRound } from '@tessera/contracts';
import { playSeededBet, type SeededBet } from '@tessera/engines';
import { describe, expect, it } from 'vitest';
import {
  betFromChoices,
  choicesFromParams,
  choicesFromSearch,
  choicesToSearch,
  defaultChoices,
  parseHundredths,
  seededGames,
} from './verify-form';
import { verifyLinkOf } from './verify-link';

const recorded: readonly SeededBet[] = [
  { game: 'dice', params: { target: 5000, direction: 'under' } },
  { game: 'dice', params: { target: 199, direction: 'over' } },
  { game: 'limbo', params: { target: 101 } },
  { game: 'limbo', params: { target: 100_000_000 } },
  { game: 'plinko', params: { rows: 16, risk: 'high' } },
  { game: 'keno', params: { picks: [3, 11, 19, 27, 35], risk: 'low' } },
  { game: 'keno', params: { picks: [40, 1, 2, 3, 4, 5, 6, 7, 8, 9], risk: 'medium' } },
  { game: 'mines', params: { mines: 3, picks: [0, 24, 12] } },
  { game: 'mines', params: { mines: 24, picks: [7] } },
  { game: 'slot', params: {} },
];

describe('verifier form ↔ SeededBet', () => {
  it.each(recorded)('a recorded %j round goes to the form and back unchanged', (bet) => {
    const choices = choicesFromParams(bet.game, bet.params);
    expect(betFromChoices(bet.game, choices)).toEqual({ ok: true, bet });
  });

  it('shows the player units: roll and multiplier with two decimals, tiles from 1', () => {
    expect(choicesFromParams('dice', { target: 4950, direction: 'over' })).toEqual({
      target: '49.50',
      direction: 'over',
    });
    expect(choicesFromParams('limbo', { target: 250 })).toEqual({ target: '2.50' });
    expect(choicesFromParams('mines', { mines: 5, picks: [0, 4, 20] })).toEqual({ mines: '5', tiles: '1, 5, 21' });
    expect(choicesFromParams('keno', { picks: [7, 3], risk: 'high' })).toEqual({ picks: '7, 3', risk: 'high' });
    expect(choicesFromParams('slot', {})).toEqual({});
  });

  it('reads what people type: commas as decimal marks, spaces or semicolons between numbers', () => {
    expect(parseHundredths('50')).toBe(5000);
    expect(parseHundredths(' 2,5 ')).toBe(250);
    expect(parseHundredths('1.005')).toBeNull();
    expect(parseHundredths('-1')).toBeNull();
    expect(betFromChoices('keno', { picks: '3 11;19,, 27', risk: 'medium' })).toEqual({
      ok: true,
      bet: { game: 'keno', params: { picks: [3, 11, 19, 27], risk: 'medium' } },
    });
  });

  it('every game’s default form is a valid bet except the ones that need the player’s picks', () => {
    for (const game of seededGames) {
      const result = betFromChoices(game, defaultChoices[game]);
      if (game === 'keno')
        expect(result).toMatchObject({ ok: false, errors: { picks: { key: 'ih_verify_keno_picks' } } });
      else if (game === 'mines') {
        expect(result).toMatchObject({ ok: false, errors: { tiles: { key: 'ih_verify_mines_tiles' } } });
      } else expect(result.ok).toBe(true);
    }
  });

  it.each([
    [
      'dice',
      { target: '98.01', direction: 'under' },
      { target: { key: 'ih_verify_number_range', values: { min: '0.01', max: '98.00' } } },
    ],
    [
      'dice',
      { target: '1.98', direction: 'over' },
      { target: { key: 'ih_verify_number_range', values: { min: '1.99', max: '99.98' } } },
    ],
    [
      'dice',
      { target: 'abc', direction: 'sideways' },
      { direction: { key: 'ih_verify_pick_option' }, target: { key: 'ih_verify_number_range' } },
    ],
    [
      'limbo',
      { target: '1.00' },
      { target: { key: 'ih_verify_number_range', values: { min: '1.01', max: '1000000.00' } } },
    ],
    ['limbo', { target: '' }, { target: { key: 'ih_verify_number_range' } }],
    [
      'plinko',
      { rows: '7', risk: 'extreme' },
      { rows: { key: 'ih_verify_whole_range', values: { min: 8, max: 16 } }, risk: { key: 'ih_verify_pick_option' } },
    ],
    [
      'keno',
      { picks: '0, 5', risk: 'low' },
      { picks: { key: 'ih_verify_keno_picks', values: { max: 10, numbers: 40 } } },
    ],
    ['keno', { picks: '5, 5', risk: 'low' }, { picks: { key: 'ih_verify_keno_picks' } }],
    ['keno', { picks: '1 2 3 4 5 6 7 8 9 10 11', risk: 'low' }, { picks: { key: 'ih_verify_keno_picks' } }],
    ['keno', { picks: '1, x', risk: 'low' }, { picks: { key: 'ih_verify_keno_picks' } }],
    ['mines', { mines: '0', tiles: '1' }, { mines: { key: 'ih_verify_whole_range', values: { min: 1, max: 24 } } }],
    [
      'mines',
      { mines: '24', tiles: '1, 2' },
      { tiles: { key: 'ih_verify_mines_tiles', values: { max: 1, tiles: 25 } } },
    ],
    ['mines', { mines: '3', tiles: '26' }, { tiles: { key: 'ih_verify_mines_tiles', values: { max: 22 } } }],
    ['mines', { mines: '3', tiles: '4, 4' }, { tiles: { key: 'ih_verify_mines_tiles' } }],
  ] as const)('%s %j gives field errors, not an exception', (game, choices, errors) => {
    const result = betFromChoices(game, choices);
    expect(result).toMatchObject({ ok: false, errors });
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(Object.keys(errors).sort());
  });

  it('a valid form always yields a bet the engine accepts', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce: 7 };
    for (const bet of recorded) {
      const result = betFromChoices(bet.game, choicesFromParams(bet.game, bet.params));
      if (!result.ok) throw new Error(`not valid: ${JSON.stringify(bet)}`);
      expect(() => playSeededBet(seeds, result.bet)).not.toThrow();
    }
  });
});

describe('verify links', () => {
  const round = (game: InhouseRound['game'], params: unknown): InhouseRound =>
    ({
      game,
      params,
      serverSeed: 'f'.repeat(64),
      clientSeed: 'my seed',
      serverSeedHash: 'e'.repeat(64),
      nonce: 4,
    }) as unknown as InhouseRound;

  it('a round’s link carries one readable parameter per field and prefills the form', () => {
    const link = verifyLinkOf(round('mines', { mines: 3, picks: [0, 6] }));
    const search = new URLSearchParams(link.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({
      game: 'mines',
      serverSeed: 'f'.repeat(64),
      clientSeed: 'my seed',
      nonce: '4',
      mines: '3',
      tiles: '1, 7',
    });
    expect(choicesFromSearch('mines', search)).toEqual({ mines: '3', tiles: '1, 7' });
  });

  it('links made before the form, with the choices as JSON, still prefill it', () => {
    const old = new URLSearchParams({ game: 'dice', params: '{"target":4000,"direction":"over"}' });
    expect(choicesFromSearch('dice', old)).toEqual({ target: '40.00', direction: 'over' });
    const keno = new URLSearchParams({ params: '{"picks":[3,11],"risk":"high"}' });
    expect(choicesFromSearch('keno', keno)).toEqual({ picks: '3, 11', risk: 'high' });
  });

  it('a broken JSON link or a link without choices gives the game’s defaults, never an exception', () => {
    expect(choicesFromSearch('plinko', new URLSearchParams({ params: '{oops' }))).toEqual(defaultChoices.plinko);
    expect(choicesFromSearch('limbo', new URLSearchParams())).toEqual(defaultChoices.limbo);
    expect(choicesFromSearch('dice', new URLSearchParams({ params: '[1,2]' }))).toEqual(defaultChoices.dice);
  });

  it('form → query → form is the identity', () => {
    const choices = { picks: '3, 11, 19', risk: 'low' };
    const search = new URLSearchParams(choicesToSearch('keno', choices));
    expect(choicesFromSearch('keno', search)).toEqual(choices);
  });
});
