/**
 * Registers the shell's service worker (`/sw.js`, built by scripts/vite-service-worker.ts) once the page has
 * loaded, so its install (which fetches the shell's files) never competes with the first paint. Production
 * builds only: the dev server has no sw.js.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The site works without it (no offline start, no install); nothing for the visitor to do.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
