import { useSyncExternalStore } from 'react';

export type ThemeName = 'light' | 'dark';

const THEME_KEY = 'adminTheme';
const listeners = new Set<() => void>();

const preferredTheme = (): ThemeName => {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

let current: ThemeName = 'light';

/** Applies the stored (or the system's) theme to <html data-theme>; call once before the first render. */
export const initTheme = (): void => {
  current = preferredTheme();
  document.documentElement.dataset.theme = current;
};

export const setTheme = (theme: ThemeName): void => {
  current = theme;
  localStorage.setItem(THEME_KEY, theme);
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTheme = (): ThemeName => useSyncExternalStore(subscribe, () => current);
