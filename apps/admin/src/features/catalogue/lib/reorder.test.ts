import { describe, expect, it } from 'vitest';
import { movedOrder, namesToSave, swappedSorts } from './reorder';

describe('catalogue ordering', () => {
  it('moves a game one place up or down within the page', () => {
    expect(movedOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
  });

  it('refuses to move the first game up or the last down', () => {
    expect(movedOrder(['a', 'b'], 'a', -1)).toBeNull();
    expect(movedOrder(['a', 'b'], 'b', 1)).toBeNull();
    expect(movedOrder(['a'], 'z', 1)).toBeNull();
  });

  it('swaps the sort values of two neighbouring vendors, spreading equal ones apart', () => {
    const vendors = [
      { id: 'A', sort: 10 },
      { id: 'B', sort: 20 },
      { id: 'C', sort: 20 },
    ];
    expect(swappedSorts(vendors, 1, -1)).toEqual([vendors[1], 10, vendors[0], 20]);
    const [, movedSort, , otherSort] = swappedSorts(vendors, 1, 1) ?? [];
    expect(movedSort).toBeGreaterThan(otherSort ?? Number.POSITIVE_INFINITY);
    expect(swappedSorts(vendors, 0, -1)).toBeNull();
  });

  it('drops blank names so the catalogue name shows again', () => {
    expect(namesToSave({ EN: ' Lucky ', CN: '  ', AR: 'حظ' })).toEqual({ EN: 'Lucky', AR: 'حظ' });
  });
});
