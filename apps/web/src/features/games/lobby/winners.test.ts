import { describe, expect, it } from 'vitest';
import { isWinnersLooping, slidesOf, sortWinners } from './winners';

describe('winners board', () => {
  it('sorts by win amount, largest first, comparing amounts as numbers', () => {
    const sorted = sortWinners([{ winAmount: '9.50' }, { winAmount: '120.00' }, { winAmount: '15.00' }]);
    expect(sorted.map((entry) => entry.winAmount)).toEqual(['120.00', '15.00', '9.50']);
  });

  it('shows two entries per slide and loops from seven entries', () => {
    expect(slidesOf([1, 2, 3, 4, 5])).toEqual([[1, 2], [3, 4], [5]]);
    expect(isWinnersLooping(6)).toBe(false);
    expect(isWinnersLooping(7)).toBe(true);
  });
});
