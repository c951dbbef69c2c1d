/** Polls `check` every 100 ms until it holds; throws when `timeoutMs` passes first. */
export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
};
