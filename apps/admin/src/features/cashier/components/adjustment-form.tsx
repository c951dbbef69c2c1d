import { adminCashierEndpoints, parseMoney } from '@tessera/contracts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useAdjustBalance } from '../api/cashier-api';
import styles from './cashier.module.css';
import { FailureText } from './failure-text';

interface AdjustmentValues {
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/** The adjustment request without its request id, plus the amount read in the wallet's currency, as the server will. */
const adjustmentSchema = (currency: string) =>
  adminCashierEndpoints.adjustBalance.request.omit({ requestId: true }).superRefine((values, ctx) => {
    const parsed = parseMoney(values.amount, currency);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, path: ['amount'] });
  });

const empty: AdjustmentValues = { direction: 'credit', amount: '', reason: '' };

/**
 * Credits or debits the main wallet with a reason, each field checked as the server checks it; one request id per
 * submission, so a double click applies once.
 */
export const AdjustmentForm = ({ code, memberId, currency }: { code: string; memberId: string; currency: string }) => {
  const { t } = useTranslation();
  const adjust = useAdjustBalance(code, memberId);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const resolver = useMemo(
    () => contractResolver<AdjustmentValues, AdjustmentValues>(adjustmentSchema(currency)),
    [currency],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AdjustmentValues, unknown, AdjustmentValues>({
    resolver,
    defaultValues: empty,
  });
  const aria = (name: keyof AdjustmentValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `adjust-${name}-error` } : {};

  const handleAdjust = handleSubmit(async (values) => {
    try {
      await adjust.mutateAsync({ requestId, ...values });
      setRequestId(crypto.randomUUID());
      reset(empty);
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(adjust.error) && adjust.error.fieldErrors.length > 0;

  return (
    <form className={styles.stack} onSubmit={handleAdjust} noValidate data-testid="adjust-form">
      <div className={styles.form}>
        <Field label={t('cashier.direction')} htmlFor="adjust-direction" error={errors.direction} isRequired>
          <select id="adjust-direction" {...register('direction')} {...aria('direction')}>
            <option value="credit">{t('cashier.credit')}</option>
            <option value="debit">{t('cashier.debit')}</option>
          </select>
        </Field>
        <Field label={t('cashier.amountIn', { currency })} htmlFor="adjust-amount" error={errors.amount} isRequired>
          <input
            id="adjust-amount"
            inputMode="decimal"
            autoComplete="off"
            {...register('amount')}
            {...aria('amount')}
          />
        </Field>
        <Field
          label={t('cashier.adjustReason')}
          htmlFor="adjust-reason"
          error={errors.reason}
          hint={t('cashier.adjustReasonHint')}
          isRequired
          className={styles.wideField}
        >
          <input id="adjust-reason" maxLength={200} autoComplete="off" {...register('reason')} {...aria('reason')} />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={adjust.isPending}>
          {t('cashier.adjust')}
        </Button>
      </div>
      {hasFieldErrors ? null : <FailureText error={adjust.error} />}
      {adjust.isSuccess ? (
        <Alert
          tone="success"
          title={t('cashier.adjusted', { amount: adjust.data.amount, balance: adjust.data.balanceAfter })}
        />
      ) : null}
    </form>
  );
};
