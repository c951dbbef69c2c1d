import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';

/** A failed action: the error's translation and, when the server named fields, each field's reason. */
export const FailureText = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  if (!error) return null;
  const fields = isApiError(error) ? error.fieldErrors : [];
  return (
    <Alert tone="danger" title={t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.unknown_error') })}>
      {fields.length > 0
        ? fields
            .map((f) => `${f.path}: ${t(`fieldErrors.${f.code}`, { ...f.params, defaultValue: f.code })}`)
            .join(' · ')
        : null}
    </Alert>
  );
};
