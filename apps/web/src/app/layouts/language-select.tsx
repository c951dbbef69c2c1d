import { isLanguageCode } from '@tessera/contracts';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { displayedLanguage, shippedLanguages } from '../../shared/i18n/i18n';
import { usePublicStore } from '../../shared/state/public-store';
import { GlobeIcon } from '../../shared/ui/icons/icons';
import { VisuallyHidden } from '../../shared/ui/visually-hidden/visually-hidden';
import { useSwitchLanguage } from '../use-switch-language';
import styles from './language-select.module.css';

export interface LanguageSelectProps {
  /** Compact shows the language code only (the header); full shows its name (the side menu). */
  variant?: 'compact' | 'full';
}

/**
 * The merchant's supported languages, each named in its own language; one without a shipped catalogue says
 * which language it will show in (decision 0018).
 */
export const LanguageSelect = ({ variant = 'full' }: LanguageSelectProps) => {
  const { t } = useTranslation();
  const id = useId();
  const supported = useSiteConfig().info.site.supportedLanguages;
  const language = usePublicStore((state) => state.language);
  const switchLanguage = useSwitchLanguage();

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (isLanguageCode(next)) void switchLanguage(next);
  };

  return (
    <div className={`${styles.field} ${styles[variant]}`}>
      <label htmlFor={id} className={styles.label}>
        <GlobeIcon />
        {variant === 'full' ? <span>{t('in_language')}</span> : <VisuallyHidden>{t('in_language')}</VisuallyHidden>}
      </label>
      <select id={id} className={styles.select} value={language ?? ''} onChange={handleChange} data-language-select="">
        {supported.map((code) => (
          <option key={code} value={code}>
            {variant === 'compact'
              ? code
              : shippedLanguages.has(code)
                ? t(code, { ns: 'languages' })
                : t('language_in_fallback', {
                    language: t(code, { ns: 'languages' }),
                    fallback: t(displayedLanguage(code), { ns: 'languages' }),
                  })}
          </option>
        ))}
      </select>
    </div>
  );
};
