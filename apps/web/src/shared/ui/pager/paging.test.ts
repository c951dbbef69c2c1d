import { describe, expect, it } from 'vitest';
import { pageOf, pageOfIndex } from './paging';

describe('paging', () => {
  const items = Array.from({ length: 17 }, (_, index) => index);

  it('cuts pages of the given size and clamps the page number', () => {
    expect(pageOf(items, 1, 8)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7], totalPages: 3 });
    expect(pageOf(items, 3, 8).items).toEqual([16]);
    expect(pageOf(items, 9, 8).items).toEqual([16]);
    expect(pageOf([], 1, 7)).toEqual({ items: [], totalPages: 1 });
  });

  it('finds the page of an item', () => {
    expect(pageOfIndex(0, 8)).toBe(1);
    expect(pageOfIndex(7, 8)).toBe(1);
    expect(pageOfIndex(8, 8)).toBe(2);
    expect(pageOfIndex(13, 7)).toBe(2);
  });
});
