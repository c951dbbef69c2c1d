import { type RefObject, useEffect, useState } from 'react';

/**
 * Becomes true once the element comes within `margin` of the viewport, and stays true: for parts below the
 * fold whose code need not come with the first load (the side menu's app QR). With `rootRef`, the element's
 * nearness is to that scrolling ancestor's visible box instead (a swiper's track). Without IntersectionObserver
 * it is true at once.
 */
export const useNearViewport = (
  ref: RefObject<Element | null>,
  margin = '200px',
  rootRef?: RefObject<Element | null>,
): boolean => {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: rootRef?.current ?? null, rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, rootRef, isNear]);
  return isNear;
};
