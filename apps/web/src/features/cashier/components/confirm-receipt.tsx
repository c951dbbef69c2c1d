import { useQueryClient } from '@tanstack/react-query';
import type { WithdrawalOrder } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateAmount } from '../../../shared/forms/amount-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import { confirmationListQueryKey } from '../api/get-confirmation-list';
import { withdrawalsQueryKey } from '../api/list-withdrawals';
import { confirmWithdrawal } from '../api/withdraw-mutations';
import { confirmationOutcomeKeys } from '../withdraw-labels';
import styles from './cashier.module.css';

type Outcome = 'received' | 'partially_received' | 'not_received';
const outcomes: readonly Outcome[] = ['received', 'partially_received', 'not_received'];

interface ConfirmValues {
  outcome: Outcome;
  amountReceived: string;
  remark: string;
}

const REMARK_MAX = 140;

/**
 * The withdrawal confirmation of spec section 4: after the payout the member says whether it arrived in full,
 * in part (how much) or not at all (with proof images). Unconfirmed, it counts as received at `autoConfirmAt`.
 */
export const ConfirmReceipt = ({ order }: { order: WithdrawalOrder }) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [proofs, setProofs] = useState<File[]>([]);
  const [proofError, setProofError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmValues>({ defaultValues: { outcome: 'received', amountReceived: '', remark: '' } });
  const outcome = watch('outcome');

  const onSubmit = async (values: ConfirmValues) => {
    setFormError(null);
    setProofError(null);
    if (values.outcome === 'not_received' && proofs.length === 0) {
      setProofError('proof_required');
      return;
    }
    try {
      await confirmWithdrawal(
        order.id,
        {
          outcome: values.outcome,
          ...(values.outcome === 'partially_received' ? { amountReceived: values.amountReceived } : {}),
          ...(values.remark.trim() ? { remark: values.remark } : {}),
        },
        values.outcome === 'received' ? [] : proofs,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: confirmationListQueryKey }),
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
      ]);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const fileCodes = ['image_invalid', 'image_too_large', 'upload_too_many', 'proof_required'];
      if (fileCodes.includes(error.code)) {
        setProofError(error.code);
        return;
      }
      const proofField = error.fieldErrors.find((field) => field.path === 'proofs');
      if (proofField) setProofError(proofField.code);
      const unmatched = applyServerFieldErrors(
        setError,
        error.fieldErrors.filter((field) => field.path !== 'proofs'),
        { fields: ['outcome', 'amountReceived', 'remark'] },
      );
      if ((error.fieldErrors.length === 0 && !proofField) || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <Card title={t('confirm_title')} name="confirm-receipt">
      <div className={styles.stack} data-confirm={order.reference}>
        <DetailList
          items={[
            { name: 'reference', label: t('reference'), value: <bdi dir="ltr">{order.reference}</bdi> },
            { name: 'amount', label: t('amount'), value: formatMoney(order.amount, order.currency) },
            { name: 'method', label: t('withdraw_to'), value: <bdi>{order.method.display}</bdi> },
            {
              name: 'auto',
              label: t('confirm_auto_at'),
              value: order.autoConfirmAt ? formatDateTime(order.autoConfirmAt) : '—',
            },
          ]}
        />
        <p className={styles.muted}>{t('confirm_intro')}</p>
        <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="confirm-receipt">
          <fieldset className={styles.outcomes}>
            <legend className={styles.legend}>{t('confirm_question')}</legend>
            {outcomes.map((value) => (
              <label key={value} className={styles.outcome} data-outcome={value}>
                <input type="radio" value={value} {...register('outcome')} />
                {t(confirmationOutcomeKeys[value])}
              </label>
            ))}
          </fieldset>
          {outcome === 'partially_received' ? (
            <TextField
              id={`confirm-amount-${order.id}`}
              label={t('amount_received')}
              inputMode="decimal"
              autoComplete="off"
              isRequired
              error={errors.amountReceived}
              {...register('amountReceived', {
                validate: (value, all) =>
                  all.outcome !== 'partially_received' ||
                  validateAmount({ currency: order.currency, max: order.amount })(value),
              })}
            />
          ) : null}
          {outcome !== 'received' ? (
            <>
              <ProofPicker id={`confirm-proofs-${order.id}`} files={proofs} onChange={setProofs} error={proofError} />
              <TextField
                id={`confirm-remark-${order.id}`}
                label={t('confirm_remark')}
                hint={t('confirm_remark_hint', { max: REMARK_MAX })}
                maxLength={REMARK_MAX}
                error={errors.remark}
                {...register('remark')}
              />
            </>
          ) : null}
          <FormError code={formError} />
          <Button type="submit" isBlock disabled={isSubmitting}>
            {t('confirm_submit')}
          </Button>
        </form>
      </div>
    </Card>
  );
};
