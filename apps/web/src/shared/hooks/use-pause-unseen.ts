import { useEffect } from 'react';

/**
 * Marks `element` with `data-unseen` while it is outside the viewport or its tab is hidden, so the CSS of a looping
 * animation inside it can pause it (`.box[data-unseen] .track { animation-play-state: paused }`): a loop nobody sees
 * still costs the compositor a frame at every refresh (decision 0158). The attribute is set on the element directly,
 * so nothing renders again when it changes. Without IntersectionObserver only the tab's visibility counts.
 */
export const usePauseUnseen = (element: Element | null): void => {
  useEffect(() => {
    if (!element) return;
    let isInView = true;
    const update = () => element.toggleAttribute('data-unseen', !isInView || document.visibilityState === 'hidden');
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            const latest = entries.at(-1);
            if (!latest) return;
            isInView = latest.isIntersecting;
            update();
          });
    observer?.observe(element);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
      element.removeAttribute('data-unseen');
    };
  }, [element]);
};
