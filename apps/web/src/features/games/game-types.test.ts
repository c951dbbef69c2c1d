import { describe, expect, it } from 'vitest';
import { gameTypeOfPath, topNavigationOf, vendorLinksOf } from './game-types';

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

describe('vendor links of the footer', () => {
  const vendor = (vassalage: string) => ({
    vassalage,
    displayName: `${vassalage} name`,
    logoUrl: `/media/${vassalage}.svg`,
  });

  it('lists each vendor once, linked to the lobby of the first category it is in', () => {
    const links = vendorLinksOf([
      { title: 'INHOUSE', vendors: [vendor('TESSERA')] },
      { title: 'RNG', vendors: [vendor('PG'), vendor('AG')] },
      { title: 'LIVE', vendors: [vendor('AG'), vendor('EVO')] },
    ]);
    expect(links.map((link) => [link.vassalage, link.path])).toEqual([
      ['TESSERA', '/inHouse?vassalage=TESSERA'],
      ['PG', '/rng?vassalage=PG'],
      ['AG', '/rng?vassalage=AG'],
      ['EVO', '/live?vassalage=EVO'],
    ]);
  });

  it('leaves out vendors of a category without a page', () => {
    expect(vendorLinksOf([{ title: 'COCKFIGHT', vendors: [vendor('SV')] }])).toEqual([]);
  });
});
