import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedPageOf, isPaginationShown, pageItemsOf } from './pagination';

describe('lobby pagination', () => {
  it('is shown only with more than one page', () => {
    expect(isPaginationShown(0)).toBe(false);
    expect(isPaginationShown(1)).toBe(false);
    expect(isPaginationShown(2)).toBe(true);
  });

  it('lists every page when they fit', () => {
    expect(pageItemsOf(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps two margin pages at each end and five around the current page', () => {
    expect(pageItemsOf(1, 20)).toEqual([1, 2, 3, 4, 5, null, 19, 20]);
    expect(pageItemsOf(10, 20)).toEqual([1, 2, null, 8, 9, 10, 11, 12, null, 19, 20]);
    expect(pageItemsOf(20, 20)).toEqual([1, 2, null, 16, 17, 18, 19, 20]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageItemsOf(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, null, 19, 20]);
  });

  it('always holds the current page, the ends, ascending and without two gaps in a row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (total, wanted) => {
        const current = Math.min(wanted, total);
        const items = pageItemsOf(current, total);
        const pages = items.filter((item): item is number => item !== null);
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        items.forEach((item, index) => {
          if (item === null) expect(items[index + 1]).not.toBeNull();
        });
        // two margins, the range, and at most one filled single-page gap on each side
        expect(pages.length).toBeLessThanOrEqual(11);
      }),
    );
  });

  it('ignores page numbers above the total, below one, not whole, or the current page', () => {
    expect(acceptedPageOf(4, 1, 3)).toBeNull();
    expect(acceptedPageOf(0, 1, 3)).toBeNull();
    expect(acceptedPageOf(1.5, 1, 3)).toBeNull();
    expect(acceptedPageOf(2, 2, 3)).toBeNull();
    expect(acceptedPageOf(3, 1, 3)).toBe(3);
  });
});
