import { isoToZonedWallTime, zonedWallTimeToIso } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';
import { Field } from './field';
import type { FieldErrorLike } from './field-error-text';

export interface ZonedDateTimeFieldProps {
  id: string;
  label: string;
  /** A UTC instant (ISO 8601) or null when empty. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** The clock the operator types on (the merchant's time zone). */
  timeZone: string;
  error?: FieldErrorLike | undefined;
  /** Shown under an empty field. */
  emptyHint: string;
  isDisabled?: boolean;
}

const formatUtc = (iso: string | null | undefined): string | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    ms,
  );
};

/** A date and time typed on a merchant's clock and kept as a UTC instant, with its UTC equivalent shown. */
export const ZonedDateTimeField = ({
  id,
  label,
  value,
  onChange,
  onBlur,
  timeZone,
  error,
  emptyHint,
  isDisabled = false,
}: ZonedDateTimeFieldProps) => {
  const { t } = useTranslation();
  const utc = formatUtc(value);
  return (
    <Field label={label} htmlFor={id} error={error} hint={utc ? t('common.utcEquivalent', { time: utc }) : emptyHint}>
      <input
        id={id}
        type="datetime-local"
        value={value ? isoToZonedWallTime(value, timeZone) : ''}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(zonedWallTimeToIso(event.target.value, timeZone))}
        onBlur={onBlur}
      />
    </Field>
  );
};
