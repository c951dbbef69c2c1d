/**
 * A fixed-window counter per key, in this process. Good for one instance; the accounts issue moves the
 * credential limits to a shared store. `hit` answers whether the call is still within the limit.
 */
export const createRateLimiter = (options: { limit: number; windowMs: number; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const sweep = () => {
    const at = now();
    if (at - lastSweep < options.windowMs) return;
    lastSweep = at;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    hit: (key: string): boolean => {
      sweep();
      const at = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.set(key, { count: 1, resetAt: at + options.windowMs });
        return true;
      }
      window.count += 1;
      return window.count <= options.limit;
    },
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;
