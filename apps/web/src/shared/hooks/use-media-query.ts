import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in step with the window. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

/** The width from which the side menu is a column instead of a drawer (keep in step with the layout CSS). */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
