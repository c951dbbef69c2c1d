/**
 * Page scroll lock for modal dialogs (spec section 2 "Modals"): the body is pinned where it was, and the
 * position comes back on close. Nested dialogs share one lock.
 */
let locks = 0;
let savedScrollY = 0;
let savedStyle = '';
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Whether a modal dialog covers the page now; what moves on its own beneath one waits (decision 0155). */
export const isPageCovered = (): boolean => locks > 0;

/** Calls `listener` when the page becomes covered or uncovered; returns the unsubscribe. */
export const subscribePageCovered = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const lockPageScroll = (): void => {
  locks += 1;
  if (locks > 1) return;
  notify();
  const body = document.body;
  savedScrollY = window.scrollY;
  savedStyle = body.getAttribute('style') ?? '';
  // Keep the layout from jumping when the scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  body.style.position = 'fixed';
  body.style.top = `-${savedScrollY}px`;
  body.style.insetInline = '0';
  body.style.width = '100%';
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
};

export const unlockPageScroll = (): void => {
  if (locks === 0) return;
  locks -= 1;
  if (locks > 0) return;
  const body = document.body;
  if (savedStyle) body.setAttribute('style', savedStyle);
  else body.removeAttribute('style');
  window.scrollTo({ top: savedScrollY, behavior: 'instant' });
  notify();
};
