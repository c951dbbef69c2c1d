import { countriesFor } from '@tessera/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryNameOf } from '../../../shared/i18n/country-name';
import { currentLocale } from '../../../shared/i18n/i18n';
import shared from './promotion-engine.module.css';
import styles from './region-picker.module.css';

/** Every region a promotion may name (the shared country list), by code. */
const REGION_CODES = countriesFor([]).map((country) => country.countryCode);

export interface RegionPickerProps {
  id: string;
  /** Who may take part by region, in the editor's words (a promotion's members join, an envelope's claim). */
  hint: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The field error's code (a `fieldErrors.*` key), when the server refused the list. */
  error?: string | undefined;
  isDisabled?: boolean;
}

/**
 * The members' regions an offer is open to, in the promotion and red-envelope editors (decisions 0140, 0142): the chosen countries as removable chips, and a
 * searchable list of every country in name order (by name in the back office's language or by code) to tick; none: any region.
 */
export const RegionPicker = ({ id, hint, values, onChange, error, isDisabled }: RegionPickerProps) => {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the interface language.
  const { nameOf, ordered } = useMemo(() => {
    const name = countryNameOf();
    const collator = new Intl.Collator(currentLocale());
    return { nameOf: name, ordered: [...REGION_CODES].sort((a, b) => collator.compare(name(a), name(b))) };
  }, [i18n.language]);
  const chosen = new Set(values);
  const needle = query.trim().toLowerCase();
  const shown = ordered.filter(
    (code) => !needle || code.toLowerCase() === needle || nameOf(code).toLowerCase().includes(needle),
  );
  const toggle = (code: string) =>
    onChange(chosen.has(code) ? values.filter((value) => value !== code) : [...values, code].sort());

  return (
    <fieldset className={shared.checks} aria-describedby={`${id}-hint ${id}-error`} data-region-picker="">
      <legend>{t('promotions.field.regions')}</legend>
      <p className={shared.hint} id={`${id}-hint`}>
        {hint}
      </p>
      <div className={styles.chips} aria-live="polite">
        {values.length === 0 ? (
          <span className={styles.any}>{t('promotions.regionsAny')}</span>
        ) : (
          values.map((code) => (
            <span key={code} className={styles.chip} data-region={code}>
              {nameOf(code)} ({code})
              <button
                type="button"
                className={styles.remove}
                aria-label={t('promotions.regionRemove', { name: nameOf(code) })}
                onClick={() => toggle(code)}
                disabled={isDisabled}
              >
                ×
              </button>
            </span>
          ))
        )}
      </div>
      <input
        id={`${id}-search`}
        className={styles.search}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('promotions.regionSearch')}
        aria-label={t('promotions.regionSearch')}
        disabled={isDisabled}
      />
      <div className={styles.list}>
        {shown.length === 0 ? <p className={shared.hint}>{t('promotions.regionNone')}</p> : null}
        {shown.map((code) => (
          <label key={code} className={styles.option}>
            <input
              type="checkbox"
              value={code}
              checked={chosen.has(code)}
              onChange={() => toggle(code)}
              disabled={isDisabled}
            />
            <span>{nameOf(code)}</span>
            <span className={styles.code}>{code}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className={shared.error} id={`${id}-error`} role="alert">
          {t(`fieldErrors.${error}`, { defaultValue: t('fieldErrors.field_invalid') })}
        </p>
      ) : null}
    </fieldset>
  );
};
