import { describe, expect, it } from 'vitest';
import { gameTypeOfPath, topNavigationOf } from './game-types';

describe('top navigation', () => {
  it('has only home and promotions while no category has a vendor', () => {
    expect(topNavigationOf(new Set()).map((entry) => entry.path)).toEqual(['/', '/promotions']);
  });

  it('keeps the spec order whatever order the categories arrive in', () => {
    const entries = topNavigationOf(new Set(['INHOUSE', 'RNG', 'ELOTT', 'LIVE'] as const));
    expect(entries.map((entry) => entry.id)).toEqual(['HOME', 'ELOTT', 'LIVE', 'RNG', 'INHOUSE', 'PROMO']);
  });
});

describe('game type of a path', () => {
  it('reads the gameType parameter of the game routes', () => {
    expect(gameTypeOfPath('/sports')).toBe('SPORTS');
    expect(gameTypeOfPath('/elott/')).toBe('ELOTT');
    expect(gameTypeOfPath('/inHouse')).toBe('INHOUSE');
    expect(gameTypeOfPath('/favorite')).toBe('FAV');
    expect(gameTypeOfPath('/promotions')).toBeNull();
  });
});
