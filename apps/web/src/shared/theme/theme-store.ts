import { isThemeName, type ThemeName } from '@tessera/ui';
import { create } from 'zustand';
import { readLocal, writeLocal } from '../storage/browser-storage';
import { localKeys } from '../storage/storage-keys';

/** The brand look is dark; a remembered choice wins. */
const DEFAULT_THEME: ThemeName = 'dark';

export const readStoredTheme = (): ThemeName => {
  const stored = readLocal(localKeys.theme);
  return isThemeName(stored) ? stored : DEFAULT_THEME;
};

export const applyThemeAttribute = (theme: ThemeName): void => {
  document.documentElement.dataset.theme = theme;
};

interface ThemeState {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    writeLocal(localKeys.theme, theme);
    applyThemeAttribute(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));
