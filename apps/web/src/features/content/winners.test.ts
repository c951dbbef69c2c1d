import type { WinnerEntry } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { winnerSlidesOf } from './winners';

const entry = (name: string, winAmount: string): WinnerEntry => ({
  vo: {
    customerName: name,
    gameName: 'Dice',
    winAmount,
    currency: 'USD',
    iconUrl: '',
    nodeId: '1',
    gameType: 'RNG',
    vassalage: 'TESSERA',
    winAt: '2026-01-01T00:00:00Z',
  },
});

describe('winnerSlidesOf', () => {
  it('sorts by win, largest first, comparing amounts as numbers, two a slide', () => {
    const slides = winnerSlidesOf([entry('a', '9.50'), entry('b', '1200.00'), entry('c', '85.10')]);
    expect(slides.map((slide) => slide.map((vo) => vo.customerName))).toEqual([['b', 'c'], ['a']]);
  });

  it('is empty without winners', () => {
    expect(winnerSlidesOf([])).toEqual([]);
  });
});
