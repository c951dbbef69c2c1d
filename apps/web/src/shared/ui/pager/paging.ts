/** The items of one page (1-based), and how many pages there are (at least one). */
export const pageOf = <T>(items: readonly T[], page: number, pageSize: number): { items: T[]; totalPages: number } => {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), totalPages };
};

/** The page (1-based) holding the item at `index`. */
export const pageOfIndex = (index: number, pageSize: number): number => Math.floor(Math.max(0, index) / pageSize) + 1;
