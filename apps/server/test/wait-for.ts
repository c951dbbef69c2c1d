/** Polls `check` every 100 ms until it holds; throws when `timeoutMs` passes first. */
export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
};

/**
 * Asks `read` every 20 ms until `seen` holds of its answer: the milliseconds that took, or null once `withinMs` has
 * passed (for tests that say how soon something shows, e.g. on another instance).
 */
export const timeUntil = async <T>(
  read: () => Promise<T>,
  seen: (value: T) => boolean,
  withinMs = 1000,
): Promise<number | null> => {
  const started = performance.now();
  while (performance.now() - started <= withinMs) {
    if (seen(await read())) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
};
