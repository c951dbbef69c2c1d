/**
 * Answers the server wrote into the page (`<script type="application/json" id="page-answer-<name>">`), so the
 * site starts without asking for them again: each is taken once, then removed, and a later call (a retry, a
 * refresh) goes to the network. Undefined when the page has none or it cannot be read.
 */
export const takePageAnswer = (name: string): unknown => {
  const element = typeof document === 'undefined' ? null : document.getElementById(`page-answer-${name}`);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
};
