import { useEffect, useState } from 'react';

/** The longest a task waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the browser next has nothing to do (requestIdleCallback, at the latest after two seconds; a
 * short timer where the browser has no idle callbacks). For work a page wants soon but not before it has drawn
 * its first screen. Returns the cancel.
 */
export const whenIdle = (task: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
};

/** False until the browser has first been idle since the component mounted (see `whenIdle`), then true. */
export const useIdle = (): boolean => {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => (isIdle ? undefined : whenIdle(() => setIdle(true))), [isIdle]);
  return isIdle;
};
