import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** More to see before the visible part, in reading order (left in LTR, right in RTL). */
  before: boolean;
  /** More to see after it. */
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };

/**
 * Whether a box that scrolls sideways has more to show before and after what is visible, kept up to date as it
 * scrolls and as it or its content (`contentRef`) changes size. Nothing is measured while `isEnabled` is false.
 */
export const useScrollEdges = (
  boxRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  isEnabled = true,
): ScrollEdges => {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !isEnabled) return;
    const update = () => {
      // scrollLeft runs from 0 towards negative values in a right-to-left box.
      const scrolled = Math.abs(box.scrollLeft);
      const before = scrolled > 1;
      const after = scrolled + box.clientWidth < box.scrollWidth - 1;
      setEdges((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    box.addEventListener('scroll', update, { passive: true });
    // Its first report, once laid out, gives the first reading: nothing is measured during the render's task.
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (contentRef.current) observer.observe(contentRef.current);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [boxRef, contentRef, isEnabled]);
  return edges;
};

/** Scrolls a sideways box by a share of its width, forward (1) or back (-1) in reading order. */
export const scrollInReadingOrder = (box: HTMLElement, direction: 1 | -1, share = 1) => {
  const isRtl = getComputedStyle(box).direction === 'rtl';
  box.scrollBy({ left: direction * box.clientWidth * share * (isRtl ? -1 : 1), behavior: 'smooth' });
};
