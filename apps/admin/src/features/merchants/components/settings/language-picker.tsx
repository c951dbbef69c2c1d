import { type LanguageCode, languageCodes, languages } from '@tessera/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../shared/i18n/i18n';
import { Button } from '../../../../shared/ui/button';
import styles from './language-picker.module.css';

export interface LanguagePickerProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  isDisabled?: boolean;
  labelledBy: string;
}

/** The languages a merchant's site offers: any of the platform's 40 codes, kept in the platform's order. */
export const LanguagePicker = ({ value, onChange, isDisabled = false, labelledBy }: LanguagePickerProps) => {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the interface language
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([currentLocale()], { type: 'language', fallback: 'code' });
    return Object.fromEntries(languageCodes.map((code) => [code, display.of(languages[code].locale) ?? code]));
  }, [i18n.language]);
  const selected = new Set(value);

  const handleToggle = (code: LanguageCode, isOn: boolean) => {
    onChange(languageCodes.filter((c) => (c === code ? isOn : selected.has(c))));
  };

  return (
    <div className={styles.picker}>
      <div className={styles.toolbar}>
        <span className={styles.count}>{t('settings.general.languagesSelected', { count: selected.size })}</span>
        <Button size="sm" variant="ghost" disabled={isDisabled} onClick={() => onChange([...languageCodes])}>
          {t('common.selectAll')}
        </Button>
        <Button size="sm" variant="ghost" disabled={isDisabled} onClick={() => onChange([])}>
          {t('common.clear')}
        </Button>
      </div>
      <fieldset className={styles.options} aria-labelledby={labelledBy}>
        {languageCodes.map((code) => (
          <label key={code} className={styles.option} data-checked={selected.has(code) || undefined}>
            <input
              type="checkbox"
              checked={selected.has(code)}
              disabled={isDisabled}
              onChange={(event) => handleToggle(code, event.target.checked)}
            />
            <span className={styles.code}>{code}</span>
            <span className={styles.name}>{names[code]}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
};
