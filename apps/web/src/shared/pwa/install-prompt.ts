import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's offer to install the site, which arrives once, early, on whatever page is open; the app
 * download page shows its install button from it. Called at start.
 */
export const captureInstallPrompt = (): void => {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The site offers installing itself on the app download page instead of the browser's own mini bar.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    installedNow = true;
    notify();
  });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Opens the browser's install dialog; the offer is spent either way. */
const promptInstall = async (): Promise<void> => {
  const event = offered;
  if (!event) return;
  await event.prompt();
  await event.userChoice;
  offered = null;
  notify();
};

export type InstallState =
  /** Opened from the home screen, or installed in this visit. */
  | { kind: 'installed' }
  /** The browser offers to install: a button calls `install`. */
  | { kind: 'prompt'; install: () => Promise<void> }
  /** iPhone and iPad Safari install only through Share → Add to Home Screen. */
  | { kind: 'ios' }
  /** The browser offers nothing now: the written guides apply. */
  | { kind: 'manual' };

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

/** How this browser can install the site right now. */
export const useInstallState = (): InstallState => {
  const event = useSyncExternalStore(subscribe, () => offered);
  const justInstalled = useSyncExternalStore(subscribe, () => installedNow);
  if (justInstalled || isStandalone()) return { kind: 'installed' };
  if (event) return { kind: 'prompt', install: promptInstall };
  return isAppleMobile() ? { kind: 'ios' } : { kind: 'manual' };
};
