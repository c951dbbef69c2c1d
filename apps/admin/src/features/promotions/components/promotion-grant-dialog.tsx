import type { AdminPromotion, Bonus, GrantPromotionBonus, MerchantSettings } from '@tessera/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useGrantPromotionBonus } from '../api/promotions-api';
import styles from './promotion-engine.module.css';

type GrantValues = Omit<GrantPromotionBonus, 'requestId'>;

export interface PromotionGrantDialogProps {
  code: string;
  settings: MerchantSettings;
  promotion: AdminPromotion;
  /** The promotion's title in the back office's language (or the default one). */
  title: string;
  onGranted: (bonus: Bonus) => void;
  onClose: () => void;
}

/**
 * Grants the promotion's bonus to one member by hand, with a reason: the promotion's wagering multiple, categories
 * and expiry apply. One request id per dialog, so a repeated submit grants once.
 */
export const PromotionGrantDialog = ({
  code,
  settings,
  promotion,
  title,
  onGranted,
  onClose,
}: PromotionGrantDialogProps) => {
  const { t } = useTranslation();
  const ids = useId();
  const grant = useGrantPromotionBonus(code);
  const [requestId] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GrantValues>({
    defaultValues: { account: '', amount: promotion.fixedAmount === '0.00' ? '' : promotion.fixedAmount, reason: '' },
  });
  const onSubmit = async (values: GrantValues) => {
    try {
      onGranted(await grant.mutateAsync({ id: promotion.id, input: { ...values, requestId } }));
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  const hasFieldErrors = isApiError(grant.error) && grant.error.fieldErrors.length > 0;
  const field = (name: keyof GrantValues, label: string, hint?: string, inputMode?: 'decimal') => {
    const id = `${ids}-${name}`;
    const error = fieldErrorAt(errors, name);
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint} isRequired>
        <input
          id={id}
          className={styles.input}
          autoComplete="off"
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          {...register(name)}
        />
      </Field>
    );
  };
  return (
    <Dialog isOpen title={t('promotions.grant.title', { title })} onClose={onClose} size="md">
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-promotion-grant={promotion.id}>
        <p className={styles.hint}>
          {t('promotions.grant.rule', {
            multiple: promotion.wageringMultiple,
            days: promotion.bonusExpiryDays,
          })}
        </p>
        {field('account', t('promotions.grant.account'))}
        {field('amount', t('promotions.grant.amount', { currency: settings.currency }), undefined, 'decimal')}
        {field('reason', t('promotions.grant.reason'), t('promotions.grant.reasonHint'))}
        {grant.isError && !hasFieldErrors ? (
          <Alert tone="danger">{t(`errors.${errorCodeOf(grant.error)}`)}</Alert>
        ) : null}
        <div className={styles.footer}>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" isBusy={grant.isPending}>
            {t('promotions.grant.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
