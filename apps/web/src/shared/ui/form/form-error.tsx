import { useTranslation } from 'react-i18next';
import { Alert, type AlertTone } from '../alert/alert';

export interface FormErrorProps {
  /** An error code (a key of the errors namespace), or null for nothing. */
  code: string | null;
  tone?: AlertTone;
}

/** A form-level failure (not tied to one field), translated. */
export const FormError = ({ code, tone = 'danger' }: FormErrorProps) => {
  const { t } = useTranslation('errors');
  if (!code) return null;
  return (
    <Alert tone={tone} name="form-error">
      {t(code, { defaultValue: t('unknown_error') })}
    </Alert>
  );
};
