/**
 * The lobby's page list (spec sections 2 and 9: margin 2, range 5, shown only with more than one page).
 * `null` marks a gap (an ellipsis). A gap of a single page shows that page instead of an ellipsis.
 */
export const PAGINATION_MARGIN = 2;
export const PAGINATION_RANGE = 5;

export type PageItem = number | null;

export const isPaginationShown = (totalPages: number): boolean => totalPages > 1;

export const pageItemsOf = (
  current: number,
  totalPages: number,
  margin = PAGINATION_MARGIN,
  range = PAGINATION_RANGE,
): PageItem[] => {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const shown = new Set<number>();
  for (let index = 1; index <= Math.min(margin, totalPages); index += 1) shown.add(index);
  for (let index = Math.max(1, totalPages - margin + 1); index <= totalPages; index += 1) shown.add(index);
  // A window of `range` pages around the current one, slid back inside the bounds near either end.
  let start = page - Math.floor(range / 2);
  start = Math.max(1, Math.min(start, totalPages - range + 1));
  for (let index = start; index < start + range && index <= totalPages; index += 1) shown.add(index);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const value of pages) {
    if (value - previous === 2) items.push(value - 1);
    else if (value - previous > 2) items.push(null);
    items.push(value);
    previous = value;
  }
  return items;
};

/**
 * A page choice, or null when it is to be ignored: numbers above the total (and below 1, or not whole) are
 * ignored (spec section 4 "Lobby"), and so is the page already shown.
 */
export const acceptedPageOf = (requested: number, current: number, totalPages: number): number | null => {
  if (!Number.isInteger(requested) || requested < 1 || requested > totalPages) return null;
  return requested === current ? null : requested;
};
