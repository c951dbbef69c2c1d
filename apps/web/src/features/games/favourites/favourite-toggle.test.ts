import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFavouriteChange,
  createFavouriteThrottle,
  favouriteChangeOf,
  revertFavouriteChange,
} from './favourite-toggle';

describe('favourite toggle', () => {
  it('adds a game not yet in the list and removes one that is', () => {
    expect(favouriteChangeOf(['1', '2'], '3')).toBe('add');
    expect(favouriteChangeOf(['1', '2'], '2')).toBe('remove');
    expect(applyFavouriteChange(['1'], '3', 'add')).toEqual(['1', '3']);
    expect(applyFavouriteChange(['1', '3'], '1', 'remove')).toEqual(['3']);
  });

  it('never holds an id twice, and a refused change puts the list back', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 })),
        fc.string({ minLength: 1, maxLength: 4 }),
        (ids, id) => {
          const change = favouriteChangeOf(ids, id);
          const after = applyFavouriteChange(ids, id, change);
          expect(new Set(after).size).toBe(after.length);
          expect(after.includes(id)).toBe(change === 'add');
          expect([...revertFavouriteChange(after, id, change)].sort()).toEqual([...ids].sort());
        },
      ),
    );
  });

  it('lets one toggle through per 1000 ms', () => {
    let clock = 0;
    const throttle = createFavouriteThrottle(() => clock);
    expect(throttle.tryPass()).toBe(true);
    clock = 999;
    expect(throttle.tryPass()).toBe(false);
    clock = 1000;
    expect(throttle.tryPass()).toBe(true);
  });
});
