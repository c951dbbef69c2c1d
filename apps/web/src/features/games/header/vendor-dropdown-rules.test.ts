import { describe, expect, it } from 'vitest';
import type { LobbyVendor } from '../game-item';
import { vendorLobbyPathOf } from '../game-types';
import { dropdownLayoutOf, initialVendorOf, isVendorAGame, nextIndexOf } from './vendor-dropdown-rules';

const vendor = (vassalage: string, gameCount: number, overrides: Partial<LobbyVendor> = {}): LobbyVendor => ({
  vassalage,
  displayName: vassalage,
  logoUrl: null,
  gameType: 'RNG',
  isGame: gameCount === 1 ? 'GAME' : 'VASSALAGE',
  nodeId: gameCount === 1 ? '42' : '',
  gameCode: null,
  accountTypeName: vassalage,
  isMaintenance: false,
  gameCount,
  ...overrides,
});

describe('vendor dropdown layout', () => {
  it('is large only when some vendor has more than 10 games', () => {
    expect(dropdownLayoutOf([vendor('A', 10), vendor('B', 3)])).toBe('compact');
    expect(dropdownLayoutOf([vendor('A', 10), vendor('B', 11)])).toBe('large');
    expect(dropdownLayoutOf([])).toBe('compact');
  });

  it('opens the large layout on the first vendor with more than 10 games', () => {
    expect(initialVendorOf([vendor('A', 4), vendor('B', 30), vendor('C', 90)])?.vassalage).toBe('B');
    expect(initialVendorOf([vendor('A', 4), vendor('B', 2)])?.vassalage).toBe('A');
    expect(initialVendorOf([])).toBeNull();
  });
});

describe('vendor entries', () => {
  it('launches a vendor that is itself a game and links any other to its lobby', () => {
    expect(isVendorAGame(vendor('SBT', 1))).toBe(true);
    expect(isVendorAGame(vendor('PG', 40))).toBe(false);
    expect(isVendorAGame(vendor('X', 1, { isGame: 'VASSALAGE' }))).toBe(false);
  });

  it('filters the category lobby by the vendor, encoded', () => {
    expect(vendorLobbyPathOf('/rng', 'PG')).toBe('/rng?vassalage=PG');
    expect(vendorLobbyPathOf('/live', 'A&B')).toBe('/live?vassalage=A%26B');
  });
});

describe('arrow keys', () => {
  it('wrap at both ends, jump with Home and End, and mirror left and right in RTL', () => {
    expect(nextIndexOf('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndexOf('ArrowUp', 0, 3)).toBe(2);
    expect(nextIndexOf('ArrowRight', 0, 3)).toBe(1);
    expect(nextIndexOf('ArrowRight', 0, 3, true)).toBe(2);
    expect(nextIndexOf('Home', 2, 3)).toBe(0);
    expect(nextIndexOf('End', 0, 3)).toBe(2);
    expect(nextIndexOf('Tab', 0, 3)).toBeNull();
    expect(nextIndexOf('ArrowDown', 0, 0)).toBeNull();
  });
});
