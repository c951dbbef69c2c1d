import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../../shared/theme/theme-store';
import { IconButton } from '../../shared/ui/button/button';
import { MoonIcon, SunIcon } from '../../shared/ui/icons/icons';

/** Switches between the light and dark token sets; the choice is remembered in localStorage. */
export const ThemeToggle = () => {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const isDark = theme === 'dark';
  return (
    <IconButton label={t(isDark ? 'theme_use_light' : 'theme_use_dark')} onClick={toggleTheme} data-theme-toggle="">
      {isDark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
};
