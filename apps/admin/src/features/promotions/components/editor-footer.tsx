import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import styles from './promotion-engine.module.css';

/**
 * The end of a promotions editor's form: the server's refusal (or "fix the fields" when it named fields), then
 * cancel and save.
 */
export const EditorFooter = ({
  error,
  isPending,
  onClose,
}: {
  error: unknown;
  isPending: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const hasFieldErrors = isApiError(error) && error.fieldErrors.length > 0;
  return (
    <>
      {error && !hasFieldErrors ? <Alert tone="danger">{t(`errors.${errorCodeOf(error)}`)}</Alert> : null}
      {hasFieldErrors ? <Alert tone="danger">{t('promotions.fixFields')}</Alert> : null}
      <div className={styles.footer}>
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" type="submit" isBusy={isPending}>
          {t('common.save')}
        </Button>
      </div>
    </>
  );
};
