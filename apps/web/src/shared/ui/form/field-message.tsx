import { useTranslation } from 'react-i18next';
import { decodeFieldError, translateFieldError } from '../../forms/field-error';
import styles from './form.module.css';

/** The shape react-hook-form keeps for a field error (see shared/forms/field-error.ts). */
export interface FieldErrorLike {
  message?: string | undefined;
}

export type FieldMessageTone = 'error' | 'warning';

export interface FieldMessageProps {
  error: FieldErrorLike | undefined;
  id: string;
  tone?: FieldMessageTone;
}

/** The translation of a field's error code, with its params, under the field it concerns. */
export const FieldMessage = ({ error, id, tone = 'error' }: FieldMessageProps) => {
  const { t } = useTranslation('errors');
  if (!error?.message) return null;
  const { code, params } = decodeFieldError(error.message);
  return (
    <p className={tone === 'warning' ? styles.warning : styles.error} id={id} role="alert" data-field-error={code}>
      {translateFieldError(t, code, params)}
    </p>
  );
};

/** The ids a control lists in aria-describedby: its hint and, when there is one, its error. */
export const describedByOf = (id: string, options: { hasHint?: boolean; hasError?: boolean }): string | undefined =>
  [options.hasHint ? `${id}-hint` : '', options.hasError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
