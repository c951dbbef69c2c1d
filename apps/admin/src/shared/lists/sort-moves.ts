/** One entry's new sort value. */
export interface SortChange<T> {
  item: T;
  sort: number;
}

/**
 * The sort values that move `list[index]` one place up (-1) or down (+1) in a list shown in ascending sort
 * order; null when it cannot move. While every value differs, the two neighbours swap theirs; when some are
 * equal (the server then orders ties by something the browser does not see), the list is renumbered in steps
 * of 10 in its new order, and only the entries whose value changes are returned.
 */
export const sortChangesForMove = <T>(
  list: readonly T[],
  index: number,
  step: -1 | 1,
  sortOf: (item: T) => number,
): SortChange<T>[] | null => {
  const item = list[index];
  const other = list[index + step];
  if (item === undefined || other === undefined) return null;
  const isStrictlyAscending = list.every(
    (entry, position) => position === 0 || sortOf(entry) > sortOf(list[position - 1] as T),
  );
  if (isStrictlyAscending) {
    return [
      { item, sort: sortOf(other) },
      { item: other, sort: sortOf(item) },
    ];
  }
  const moved = [...list];
  moved.splice(index, 1);
  moved.splice(index + step, 0, item);
  return moved
    .map((entry, position) => ({ item: entry, sort: position * 10 }))
    .filter((change) => sortOf(change.item) !== change.sort);
};

/** Sends the changes one after another (each is its own audited update); stops at the first failure. */
export const applySortChanges = async <T>(
  changes: readonly SortChange<T>[],
  apply: (change: SortChange<T>) => Promise<unknown>,
): Promise<void> => {
  for (const change of changes) await apply(change);
};
