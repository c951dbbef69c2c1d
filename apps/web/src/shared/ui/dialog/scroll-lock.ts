/**
 * Page scroll lock for modal dialogs (spec section 2 "Modals"): the body is pinned where it was, and the
 * position comes back on close. Nested dialogs share one lock.
 */
let locks = 0;
let savedScrollY = 0;
let savedStyle = '';

export const lockPageScroll = (): void => {
  locks += 1;
  if (locks > 1) return;
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
};
