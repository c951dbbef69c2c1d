import { type ComponentPropsWithRef, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/form/field';
import { describedByOf, type FieldErrorLike } from '../ui/form/field-message';
import formStyles from '../ui/form/form.module.css';
import styles from './account-fields.module.css';
import { useCountries } from './get-countries';

export interface PhoneFieldProps {
  id: string;
  label?: string;
  isRequired?: boolean;
  error?: FieldErrorLike | undefined;
  /** react-hook-form's register() result for the dialing code select. */
  dialingCode: ComponentPropsWithRef<'select'>;
  /** react-hook-form's register() result for the number input. */
  number: ComponentPropsWithRef<'input'>;
  /** Takes the dialog's first focus. */
  isAutoFocus?: boolean;
  /** Called once the countries arrive, with the merchant's own dialing code, so the form can default to it. */
  onDefaultDialingCode: (dialingCode: string) => void;
}

/** A country dialing-code select and a mobile-number input under one label. */
export const PhoneField = ({
  id,
  label,
  isRequired,
  error,
  dialingCode,
  number,
  isAutoFocus,
  onDefaultDialingCode,
}: PhoneFieldProps) => {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const first = countries.data?.[0]?.countryDialingCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the arrival of the list matters, not a new callback.
  useEffect(() => {
    if (first) onDefaultDialingCode(first);
  }, [first]);
  const names = regionNames(i18n.language);
  const hasError = Boolean(error?.message);
  return (
    <Field id={id} label={label ?? t('in_increase_mobileNum')} error={error} isRequired={isRequired}>
      <div className={styles.phone}>
        <select
          className={`${formStyles.select} ${styles.dialingCode}`}
          aria-label={t('country_dialing_code')}
          disabled={!countries.data}
          {...dialingCode}
        >
          {(countries.data ?? []).map((country) => (
            <option key={country.countryCode} value={country.countryDialingCode}>
              {`+${country.countryDialingCode} ${names?.of(country.countryCode) ?? country.countryCode}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className={formStyles.input}
          aria-invalid={hasError || undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedByOf(id, { hasError })}
          maxLength={15}
          data-autofocus={isAutoFocus ? '' : undefined}
          {...number}
        />
      </div>
    </Field>
  );
};

const regionNames = (language: string): Intl.DisplayNames | null => {
  try {
    return new Intl.DisplayNames([language === 'CN' ? 'zh-CN' : language.toLowerCase()], { type: 'region' });
  } catch {
    return null;
  }
};
