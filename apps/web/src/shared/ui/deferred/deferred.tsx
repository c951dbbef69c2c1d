import { type ReactNode, useEffect, useState } from 'react';
import { createTurnQueue } from './turn-queue';

/** Mounts waiting their turn, one in each task of the browser. */
const mounts = createTurnQueue((next) => window.setTimeout(next, 0));

/**
 * True from a later task of the browser, in the order the callers mounted: parts of a long page (the home lobby's
 * sections) render piece by piece, each in its own task, so no task holds the main thread long enough to delay a
 * tap (Total Blocking Time), and a piece that appears does not render the others again. `isAhead` puts the caller
 * before those already waiting: the part that holds the screen's largest content (the main view), whose wait is the
 * visitor's.
 */
export const useDeferredMount = (isAhead = false): boolean => {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    if (isMounted) return;
    // The state change renders within the turn's task (Preact renders on a microtask): each mount is a task of its own.
    return mounts.wait(() => setMounted(true), isAhead);
  }, [isMounted, isAhead]);
  return isMounted;
};

/** Its children in their turn (useDeferredMount), showing `fallback` until then. */
export const Deferred = ({
  fallback = null,
  isAhead = false,
  children,
}: {
  fallback?: ReactNode;
  isAhead?: boolean;
  children: ReactNode;
}) => (useDeferredMount(isAhead) ? children : fallback);
