/**
 * Spec section 2: navigation errors on route push are silently ignored (an interrupted or duplicate
 * navigation is not a failure the visitor should see).
 */
export const navigateQuietly = (navigation: void | Promise<void>): void => {
  if (navigation instanceof Promise) navigation.catch(() => undefined);
};
