import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { FormError } from '../../../shared/ui/form/form-error';
import { refusalReasonKeyOf } from '../promotion-states';
import styles from './promotions.module.css';

/**
 * A refused join, claim, application or red-envelope open: the reason the server gave (`promotion_not_eligible`
 * with a reason such as the member's region), in the words the card shows before it; any other refusal by its code.
 */
export const PromotionRefusal = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('promotions');
  if (!error) return null;
  const reason = refusalReasonKeyOf(error);
  if (!reason) return <FormError code={errorKeyOf(error)} />;
  return (
    <Alert tone="danger" name="form-error">
      <span data-promotion-refusal={reason}>{t(reason)}</span>
    </Alert>
  );
};

/** The end of a member's promotion form: its refusal, if any, then Cancel and the form's own submit button. */
export const PromotionFormFooter = ({
  error,
  onCancel,
  isSubmitting,
  submitLabel,
}: {
  error: unknown;
  onCancel: () => void;
  isSubmitting: boolean;
  submitLabel: string;
}) => {
  const { t } = useTranslation('promotions');
  return (
    <>
      <PromotionRefusal error={error} />
      <div className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('promo_cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
};
