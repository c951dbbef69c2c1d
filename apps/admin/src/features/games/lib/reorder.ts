/**
 * The order a page of games takes when one moves up or down by one place; null when it cannot move (already
 * first or last on the page). The server puts the given ids first, in that order.
 */
export const movedOrder = (ids: readonly string[], id: string, step: -1 | 1): string[] | null => {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
};

/** Names per language as the operator typed them: blanks dropped, so they fall back to the catalogue's. */
export const namesToSave = (names: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(names)
      .map(([language, name]) => [language, name.trim()] as const)
      .filter(([, name]) => name !== ''),
  );
