import { describe, expect, it } from 'vitest';
import { applySortChanges, sortChangesForMove } from './sort-moves';

const sortOf = (entry: { sort: number }) => entry.sort;
/** The ids in the order a server sorting by value (ties by id) would show after the changes. */
const orderAfter = (list: { id: string; sort: number }[], changes: { item: { id: string }; sort: number }[]) =>
  list
    .map((entry) => ({ ...entry, sort: changes.find((change) => change.item.id === entry.id)?.sort ?? entry.sort }))
    .sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id))
    .map((entry) => entry.id);

describe('sortChangesForMove', () => {
  it('swaps the values of two neighbours while every value differs', () => {
    const list = [
      { id: 'a', sort: 10 },
      { id: 'b', sort: 20 },
      { id: 'c', sort: 35 },
    ];
    expect(sortChangesForMove(list, 1, -1, sortOf)).toEqual([
      { item: list[1], sort: 10 },
      { item: list[0], sort: 20 },
    ]);
    expect(orderAfter(list, sortChangesForMove(list, 1, 1, sortOf) ?? [])).toEqual(['a', 'c', 'b']);
  });

  it('renumbers a list holding equal values, so the move lands where asked and nothing else moves', () => {
    const list = [
      { id: 'a', sort: 0 },
      { id: 'b', sort: 0 },
      { id: 'c', sort: 0 },
    ];
    const changes = sortChangesForMove(list, 0, 1, sortOf) ?? [];
    expect(orderAfter(list, changes)).toEqual(['b', 'a', 'c']);
    // b keeps 0, a becomes 10, c 20: two updates, not three.
    expect(changes.map((change) => [change.item.id, change.sort])).toEqual([
      ['a', 10],
      ['c', 20],
    ]);
    const mixed = [
      { id: 'a', sort: 10 },
      { id: 'b', sort: 20 },
      { id: 'c', sort: 20 },
      { id: 'd', sort: 30 },
    ];
    expect(orderAfter(mixed, sortChangesForMove(mixed, 2, -1, sortOf) ?? [])).toEqual(['a', 'c', 'b', 'd']);
  });

  it('refuses to move the first entry up or the last down', () => {
    const list = [
      { id: 'a', sort: 1 },
      { id: 'b', sort: 2 },
    ];
    expect(sortChangesForMove(list, 0, -1, sortOf)).toBeNull();
    expect(sortChangesForMove(list, 1, 1, sortOf)).toBeNull();
    expect(sortChangesForMove([], 0, 1, sortOf)).toBeNull();
  });
});

describe('applySortChanges', () => {
  it('applies the changes in order and stops at the first failure', async () => {
    const applied: number[] = [];
    const changes = [1, 2, 3].map((sort) => ({ item: sort, sort }));
    await expect(
      applySortChanges(changes, async ({ sort }) => {
        if (sort === 2) throw new Error('refused');
        applied.push(sort);
      }),
    ).rejects.toThrow('refused');
    expect(applied).toEqual([1]);
  });
});
