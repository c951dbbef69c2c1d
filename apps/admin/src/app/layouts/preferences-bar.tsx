import { useTranslation } from 'react-i18next';
import { type AdminLanguage, adminLanguages, changeAdminLanguage, currentAdminLanguage } from '../../shared/i18n/i18n';
import { setTheme, useTheme } from '../../shared/theme/theme-store';
import { Button } from '../../shared/ui/button';
import { GlobeIcon, MoonIcon, SunIcon } from '../../shared/ui/icons';
import styles from './preferences-bar.module.css';

/** Interface language and light/dark theme; both are remembered in this browser. */
export const PreferencesBar = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const language = currentAdminLanguage();
  return (
    <div className={styles.bar}>
      <label className={styles.language}>
        <GlobeIcon />
        <span className="visually-hidden">{t('preferences.language')}</span>
        <select
          value={language}
          onChange={(event) => void changeAdminLanguage(event.target.value as AdminLanguage)}
          aria-label={t('preferences.language')}
        >
          {adminLanguages.map((code) => (
            <option key={code} value={code}>
              {t(`language.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        aria-label={theme === 'dark' ? t('preferences.lightTheme') : t('preferences.darkTheme')}
        title={theme === 'dark' ? t('preferences.lightTheme') : t('preferences.darkTheme')}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      />
    </div>
  );
};
