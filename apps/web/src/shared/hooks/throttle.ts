/**
 * A gate that lets an action through at most once per interval (spec section 9: SMS requests and captcha
 * refreshes once per 1000 ms). `waitMs` says how long until the next one may pass.
 */
export const createThrottle = (intervalMs: number, now: () => number = Date.now) => {
  let last = Number.NEGATIVE_INFINITY;
  return {
    waitMs: (): number => Math.max(0, last + intervalMs - now()),
    /** Starts the interval again from now (e.g. when the answer to the last action arrives). */
    restart: (): void => {
      last = now();
    },
    /** Passes (and records the time) when the interval has gone by; refuses otherwise. */
    tryPass: (): boolean => {
      const at = now();
      if (at < last + intervalMs) return false;
      last = at;
      return true;
    },
  };
};

/** Whole seconds left until `endsAt`, rounded up, never negative. */
export const secondsLeftUntil = (endsAt: number, now: number): number => Math.max(0, Math.ceil((endsAt - now) / 1000));

/** The SMS countdown of spec section 4: expiredMinutes × 60 seconds. */
export const countdownSecondsOf = (expiredMinutes: number): number => Math.max(0, Math.round(expiredMinutes * 60));
