import { type ReactNode, useEffect, useState } from 'react';

/** Mounts waiting their turn, first come first served; one runs in each task of the browser. */
const queue: (() => void)[] = [];
let isRunning = false;

const runNext = () => {
  const mount = queue.shift();
  if (!mount) {
    isRunning = false;
    return;
  }
  // The state change renders within this task (Preact renders on a microtask), so each mount is a task of its own.
  mount();
  window.setTimeout(runNext, 0);
};

/**
 * True from a later task of the browser, in the order the callers mounted: parts of a long page (the home lobby's
 * sections) render piece by piece, each in its own task, so no task holds the main thread long enough to delay a
 * tap (Total Blocking Time), and a piece that appears does not render the others again.
 */
export const useDeferredMount = (): boolean => {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    if (isMounted) return;
    const mount = () => setMounted(true);
    queue.push(mount);
    if (!isRunning) {
      isRunning = true;
      window.setTimeout(runNext, 0);
    }
    return () => {
      const at = queue.indexOf(mount);
      if (at >= 0) queue.splice(at, 1);
    };
  }, [isMounted]);
  return isMounted;
};

/** Its children in their turn (useDeferredMount), showing `fallback` until then. */
export const Deferred = ({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) =>
  useDeferredMount() ? children : fallback;
