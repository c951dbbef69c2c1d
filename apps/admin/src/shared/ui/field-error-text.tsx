import { useTranslation } from 'react-i18next';
import styles from './field.module.css';

/** The shape react-hook-form keeps for a field error (see shared/forms/form-field-error.ts). */
export interface FieldErrorLike {
  message?: string | undefined;
  types?: Record<string, unknown> | undefined;
}

export interface FieldErrorTextProps {
  error: FieldErrorLike | undefined;
  id?: string;
}

/** The translation of a field error code, with its `{min}` / `{max}` params, under the field it concerns. */
export const FieldErrorText = ({ error, id }: FieldErrorTextProps) => {
  const { t } = useTranslation();
  if (!error?.message) return null;
  return (
    <p className={styles.error} id={id} role="alert">
      {t(`fieldErrors.${error.message}`, { ...error.types, defaultValue: t('fieldErrors.field_invalid') })}
    </p>
  );
};
