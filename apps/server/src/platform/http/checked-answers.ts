/**
 * Answers checked once (decision 0072). The registrar checks every handler's value against its contract and then
 * serialises it; a handler that hands back the very same object again (a page remembered until its data changes)
 * gets the checked, serialised envelope of the first time. The object must not change meanwhile: such values are
 * frozen (`deepFreeze`), so a later write throws instead of going unseen.
 */

const known = new WeakMap<object, { schema: unknown; json: string }>();

/** The serialised envelope of `value` once checked against `schema`, if it was. */
export const checkedAnswerOf = (value: unknown, schema: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return undefined;
  const entry = known.get(value);
  return entry && entry.schema === schema ? entry.json : undefined;
};

/** Remembers the serialised envelope of a frozen `value` checked against `schema`. */
export const rememberCheckedAnswer = (value: unknown, schema: unknown, json: string): void => {
  if (typeof value === 'object' && value !== null && Object.isFrozen(value)) known.set(value, { schema, json });
};

/** Freezes `value` and everything it holds; returns it. */
export const deepFreeze = <T>(value: T): T => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const child of Object.values(next)) pending.push(child);
  }
  return value;
};
