import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { FormError } from '../../../shared/ui/form/form-error';
import { refusalReasonKeyOf } from '../promotion-states';

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
